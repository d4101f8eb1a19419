import fs from 'node:fs';
import { renderPermissionsDoc } from '../packages/shared/src/permissions-doc';

fs.writeFileSync('docs/permissions.md', renderPermissionsDoc());
console.log('docs/permissions.md written');
