/**
 * The pages' CSP forbids eval: zod builds its fast object parsers with `new Function`, probing for
 * it as each schema is made, and the browser reports every probe as a violation. Imported first by
 * the entry, so it holds before any module makes a schema.
 */
import { z } from "zod";

z.config({ jitless: true });
