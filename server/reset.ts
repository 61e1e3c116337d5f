import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

/** `npm run reset`: wipes local data (database, secrets, logs); the next start seeds a fresh database. */
const dataDir = process.env.LOCAL_DATA_DIR ?? resolve(import.meta.dirname, '..', '.local');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next \`npm start\` creates a fresh database with the sample catalogue.`);
