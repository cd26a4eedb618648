import { useMemo } from 'react';
import { imageUrl, thumbWidthFor } from './files-url';
import './rich-html.css';

/**
 * Shows rich text that the SERVER has sanitised (articles, space topics and posts). Images from our file
 * store get the session token for <img src> here (and, given `imageWidth`, the thumbnail for that CSS width); nothing
 * else is changed. Never pass unsanitised HTML.
 */
export function RichHtml({ html, className, imageWidth }: { html: string; className?: string; imageWidth?: number }) {
  const withTokens = useMemo(
    () =>
      html.replace(
        /<img src="[^"]*" data-file-id="(f[0-9a-f]{30})"/g,
        (_m, id: string) =>
          `<img src="${imageUrl(id, imageWidth ? thumbWidthFor(imageWidth) : undefined).replace(/&/g, '&amp;')}" data-file-id="${id}"`,
      ),
    [html, imageWidth],
  );
  // server-sanitised HTML only (core/rich-text.ts allow-list)
  return <div className={`oa-rich-html ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: withTokens }} />;
}
