/**
 * The pages' CSP forbids eval: zod builds its fast object parsers with `new Function`, probing for
 * it as each schema is made, and the browser reports every probe as a violation. Imported first by
 * the entry, so it holds before any module makes a schema; from zod's core alone, so the entry
 * holds the setting while the schemas load with the pages that use them.
 */
import { config } from "zod/v4/core";

config({ jitless: true });
