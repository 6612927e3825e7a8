/**
 * What `zod` means in the web build (an alias in vite.config.ts). Zod compiles fast object parsers with
 * `new Function`, which the Content Security Policy forbids (no 'unsafe-eval'): every page would report a
 * violation. This module turns that off before any module that imports zod builds its schemas, wherever
 * zod is first needed, so that zod loads with the code that validates (forms, filters) and not with every
 * page's entry.
 */
import { config } from 'zod/v4/core';
import * as z from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
