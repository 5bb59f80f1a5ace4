import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import { createIcsReader, DEFAULT_ICS_READER_LIMITS } from './src/api/ical/ical-import-pool.ts';
const young = process.env.YOUNG ? Number(process.env.YOUNG) : undefined;
const DAY = 86400000;
function icsFile(): string {
  const events = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, (_, n) => {
    const start = new Date(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 500) * DAY + 9 * 3_600_000).toISOString().replace(/[-:]|\.\d+/g, '');
    return ['BEGIN:VEVENT', `UID:u${n}-${Math.random()}`, 'DTSTAMP:20260101T000000Z', `DTSTART;TZID=Europe/Berlin:${start.slice(0, -1)}`, 'DURATION:PT1H', `SUMMARY:Imported ${Math.random()}`, `DESCRIPTION:Agenda:\\n- item ${'and more words '.repeat(Math.floor(Math.random() * 20))}`, ...(Math.random() < 0.3 ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []), 'END:VEVENT'].join('\r\n');
  });
  const vtz = ['BEGIN:VTIMEZONE', 'TZID:Europe/Berlin', 'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD', 'BEGIN:DAYLIGHT', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'END:DAYLIGHT', 'END:VTIMEZONE'];
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//B//S//EN', ...vtz, ...events, 'END:VCALENDAR', ''].join('\r\n');
}
const rss = () => (process.memoryUsage().rss / 1048576).toFixed(0);
const reader = createIcsReader({ ...DEFAULT_ICS_READER_LIMITS, ...(process.env.HEAP ? { heapMb: Number(process.env.HEAP) } : {}), ...(young ? { youngMb: young } : {}) } as never);
console.log('before', rss()); console.log(require('node:child_process').execSync('python3 /tmp/m/smaps.py ' + process.pid).toString());
await reader.read(new TextEncoder().encode(icsFile()), { timeZone: 'UTC', categories: [] });
console.log('after one', rss());
for (let i = 0; i < 3000; i++) await reader.read(new TextEncoder().encode(icsFile()), { timeZone: 'UTC', categories: [] });
console.log('after 3000', rss(), require('node:fs').readFileSync('/proc/self/status','utf8').match(/Threads:\s+(\d+)/)[1]); console.log(require('node:child_process').execSync('python3 /tmp/m/smaps.py ' + process.pid).toString());
await reader.close(); await new Promise((r) => setTimeout(r, 3000)); globalThis.gc?.(); await new Promise((r) => setTimeout(r, 1000));
console.log('closed', rss(), require('node:fs').readFileSync('/proc/self/status','utf8').match(/Threads:\s+(\d+)/)[1]); console.log(require('node:child_process').execSync('python3 /tmp/m/smaps.py ' + process.pid).toString());
