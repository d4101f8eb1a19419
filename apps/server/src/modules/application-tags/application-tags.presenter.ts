import type { ApplicationTags } from '@openseat/shared/schemas/application-records';

type TagOfApplication = { id_application: number; id_tag: number; name: string };

/** One entry per application, in the order asked, with its tags. */
export function presentTagsOf(applicationIds: number[], rows: TagOfApplication[]): ApplicationTags[] {
  return applicationIds.map((id_application) => ({
    id_application,
    tags: rows.filter((r) => r.id_application === id_application).map((r) => ({ id_tag: r.id_tag, name: r.name })),
  }));
}
