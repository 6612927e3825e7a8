/**
 * Zod compiles fast object parsers with `new Function`, which the Content Security Policy forbids (no
 * 'unsafe-eval'): every page would report a violation. This module turns that off. It must be the first
 * import of the browser entry, because zod reads the setting when each schema is built.
 */
import { z } from 'zod';

z.config({ jitless: true });
