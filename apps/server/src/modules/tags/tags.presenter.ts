import type { TagRow } from '@openseat/shared/schemas/enrollment';
import type { TagRecord } from './tags.repository';

export const presentTag = (t: TagRecord): TagRow => ({
  id_tag: t.id_tag,
  name: t.name,
  description: t.description,
  id_campus: t.id_campus,
  campus: { id_campus: t.id_campus, name: t.campusName },
  createdAt: t.createdAt.toISOString(),
});
