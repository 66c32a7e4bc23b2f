// Plain JavaScript, so that it runs on the old Node it is there to turn away: `npm start` runs it
// before scripts/start.ts, which Node older than 24 cannot load (a .ts file).
const found = process.versions.node;
if (Number(found.split('.')[0]) < 24) {
  console.error(`Refstash needs Node.js 24 or later; this is Node.js ${found}.`);
  process.exit(1);
}
