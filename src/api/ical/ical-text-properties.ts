// Extension properties whose values are TEXT, as Outlook writes and reads them. ical.js writes a property it does not
// know as is (commas, semicolons and newlines unescaped) and reads it back as is (escapes left in): once this module
// is loaded, ical.js escapes and unescapes these, process-wide, without a VALUE=TEXT parameter. Import it wherever
// such properties are written or read, so that neither depends on which module happened to load first.
import ICAL from 'ical.js';

const TEXT_EXTENSION_PROPERTIES = ['x-alt-desc', 'x-wr-calname', 'x-wr-caldesc'] as const;

for (const name of TEXT_EXTENSION_PROPERTIES) ICAL.design.icalendar.property[name] ??= { defaultType: 'text' };
