/** `segment` names the crumb's route section, by which the interface translates `label`. */
export type Crumb = { label: string; to: string; segment: string };

const isId = (segment: string) => /^\d+$/.test(segment);
const labelOf = (segment: string) =>
  segment
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');

/**
 * Breadcrumbs by the spec's rule: after /main, path parts alternate section names and numeric ids; each
 * section becomes a crumb linking to itself plus the ids that follow it; the last section (with its ids)
 * is the current page and is dropped.
 */
export function buildBreadcrumbs(pathname: string): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'main') return [];
  const sections: Crumb[] = [];
  let path = '/main';
  for (const part of parts.slice(1)) {
    path += `/${part}`;
    if (isId(part) && sections.length > 0) sections[sections.length - 1].to = path;
    else sections.push({ label: labelOf(part), to: path, segment: part });
  }
  return sections.slice(0, -1);
}
