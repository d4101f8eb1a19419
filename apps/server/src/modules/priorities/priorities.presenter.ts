import type { PriorityRow } from '@openseat/shared/schemas/enrollment';
import type { PriorityRecord } from './priorities.repository';

export const presentPriority = (p: PriorityRecord): PriorityRow => ({
  id_priority_item: p.id_priority_item,
  name: p.name,
  id_campus_priority: p.id_campus_priority,
  priority_level: p.priority_level,
  weight: p.weight,
});
