import type { ThemeConfig } from 'antd';

/**
 * The app's antd theme, held to WCAG 2.1 AA contrast (GB/T 37668-2019) in its tokens, never page by page: every text
 * colour below reaches 4.5:1 on white and on the light greys of table headers, cards and the page background.
 *
 * - the primary blue (links, primary buttons, the active tab, the selected menu entry) is antd's blue-7, 6.2:1 on white
 *   (the former #1890ff was 3.2:1 under white text and as link text);
 * - secondary and tertiary text and placeholders are darker greys (antd's 45 % / 25 % black were 3.4:1 and 1.8:1);
 * - a tag's text is the first shade of its colour that reads on the tag's own light background.
 */
export const PRIMARY = '#0958d9';

/** the text shade of each preset tag colour on its colour-1 background (≥ 4.5:1) */
const TAG_TEXT = {
  red7: '#cf1322',
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
  blue7: '#0958d9',
  geekblue7: '#1d39c4',
  purple7: '#531dab',
  magenta7: '#c41d7f',
  pink7: '#c41d7f',
};

const STATUS_TEXT = { success: '#237804', info: PRIMARY, warning: '#ad4e00', error: '#cf1322' };

/**
 * `scale` is the text size of the UI size setting (1 to 2): the text and the controls that hold it grow together, so
 * nothing is cut at 200 % (WCAG 1.4.4).
 */
export function appTheme(motion: boolean, scale = 1): ThemeConfig {
  return {
    // no styles computed in the page: antd's static CSS (providers.tsx) reads these tokens as CSS variables
    zeroRuntime: true,
    token: {
      fontSize: Math.round(14 * scale),
      controlHeight: Math.round(32 * scale),
      sizeUnit: 4 * Math.min(scale, 1.5),
      sizeStep: 4 * Math.min(scale, 1.5),
      colorPrimary: PRIMARY,
      // hover and press go darker, not lighter: a hovered link or primary button still reads at AA
      colorPrimaryHover: '#003eb3',
      colorPrimaryActive: '#002c8c',
      colorLink: PRIMARY,
      colorLinkHover: '#003eb3',
      colorLinkActive: '#002c8c',
      colorError: STATUS_TEXT.error, // a danger button's text, 5.6:1 (#ff4d4f was 3.3:1)
      colorInfo: PRIMARY,
      borderRadius: 4,
      motion,
      colorTextSecondary: 'rgba(0, 0, 0, 0.68)', // #525252 on white: 7.6:1
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)', // #616161: 6.2:1 on white, 5.5:1 on #f0f2f5
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)', // #6b6b6b: 5.3:1
      colorSuccessText: STATUS_TEXT.success,
      colorWarningText: STATUS_TEXT.warning,
      colorErrorText: STATUS_TEXT.error,
      colorInfoText: STATUS_TEXT.info,
    },
    components: {
      // an empty table's 暂无数据 is drawn in the disabled grey (1.8:1); it is text to read
      Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.58)' },
      Tag: {
        ...TAG_TEXT,
        colorSuccess: STATUS_TEXT.success,
        colorInfo: STATUS_TEXT.info,
        colorWarning: STATUS_TEXT.warning,
        colorError: STATUS_TEXT.error,
      },
    },
  };
}
