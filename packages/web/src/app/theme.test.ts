import { describe, expect, it } from 'vitest';
import { appTheme } from './theme';

/** WCAG 2.x contrast ratio of a colour (#rrggbb or rgba(0, 0, 0, a) over `bg`) against the background `bg`. */
function contrast(fg: string, bg: string): number {
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const back = rgb(bg);
  const alpha = /^rgba\(0, 0, 0, ([\d.]+)\)$/.exec(fg);
  const front = alpha ? back.map((c) => c * (1 - Number(alpha[1]))) : rgb(fg);
  const lum = (c: number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [hi, lo] = [lum(front), lum(back)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

/** white, a table header, the page background */
const BACKGROUNDS = ['#ffffff', '#fafafa', '#f0f2f5'];
const AA = 4.5;

describe('theme contrast (WCAG 2.1 AA)', () => {
  const { token = {}, components = {} } = appTheme(true);
  it.each([
    'colorPrimary',
    'colorLink',
    'colorPrimaryHover',
    'colorLinkHover',
    'colorError',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorSuccessText',
    'colorWarningText',
    'colorErrorText',
    'colorInfoText',
  ] as const)('%s reads at 4.5:1 on white, table headers and the page background', (name) => {
    const value = token[name];
    expect(typeof value).toBe('string');
    for (const bg of BACKGROUNDS) expect(contrast(value as string, bg), `${name} on ${bg}`).toBeGreaterThanOrEqual(AA);
  });
  it('white text on the primary colour (primary buttons, the selected menu entry) reads at 4.5:1', () => {
    expect(contrast('#ffffff', token.colorPrimary as string)).toBeGreaterThanOrEqual(AA);
    expect(contrast('#ffffff', token.colorPrimaryHover as string)).toBeGreaterThanOrEqual(AA);
  });
  it("every preset tag's text reads on its own light background", () => {
    const light: Record<string, string> = {
      red: '#fff1f0',
      volcano: '#fff2e8',
      orange: '#fff7e6',
      gold: '#fffbe6',
      yellow: '#feffe6',
      lime: '#fcffe6',
      green: '#f6ffed',
      cyan: '#e6fffb',
      blue: '#e6f4ff',
      geekblue: '#f0f5ff',
      purple: '#f9f0ff',
      magenta: '#fff0f6',
    };
    const tag = components.Tag as Record<string, string>;
    for (const [color, bg] of Object.entries(light)) expect(contrast(tag[`${color}7`], bg), color).toBeGreaterThanOrEqual(AA);
    expect(contrast(tag.colorSuccess, '#f6ffed')).toBeGreaterThanOrEqual(AA);
    expect(contrast(tag.colorWarning, '#fffbe6')).toBeGreaterThanOrEqual(AA);
    expect(contrast(tag.colorError, '#fff2f0')).toBeGreaterThanOrEqual(AA);
  });
  it('the text size scales the font and the controls together, up to 200 %', () => {
    const big = appTheme(true, 2).token ?? {};
    expect(big.fontSize).toBe(28);
    expect(big.controlHeight).toBe(64);
  });
});
