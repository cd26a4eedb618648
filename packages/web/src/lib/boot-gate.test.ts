import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@oa/shared/constants';

describe("首页's first screen gate (public/boot-gate.js)", () => {
  it('reads the session token under the key the app keeps it', () => {
    const gate = fs.readFileSync(new URL('../../public/boot-gate.js', import.meta.url), 'utf8');
    expect(gate).toContain(`localStorage.getItem('${TOKEN_KEY}')`);
  });
});
