import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : p.endsWith('.tsx') ? [p] : [];
  });
}

/** The opening tags of antd's Select in a source (braces balanced, so `=>` inside props does not end a tag). */
function selectTags(text: string): string[] {
  const tags: string[] = [];
  for (const m of text.matchAll(/<Select\b/g)) {
    let depth = 0;
    let i = m.index + m[0].length;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (depth === 0 && c === '>') break;
    }
    tags.push(text.slice(m.index, i + 1));
  }
  return tags;
}

describe('searchable selects search the label (issue 32: 协办部门 found nothing for 会员)', () => {
  it('no antd Select with search, multiple or tags is left searching the option value', () => {
    const left = sources(SRC).flatMap((file) =>
      selectTags(fs.readFileSync(file, 'utf8'))
        .filter((tag) => /mode="(multiple|tags)"|showSearch/.test(tag) && !/optionFilterProp|filterOption/.test(tag))
        .map((tag) => `${path.relative(SRC, file)}: ${tag.replace(/\s+/g, ' ').slice(0, 80)}`),
    );
    expect(left).toEqual([]);
  });
});
