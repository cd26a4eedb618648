import { useState, type CSSProperties } from 'react';
import { imageUrl, thumbWidthFor } from '../../lib/files-url';

/**
 * An article's cover where readers meet it (column lists, the home widget): the picked image or the body's
 * first one, cropped to the box. Loaded through the file grant (whoever may read the article); a cover that
 * cannot be loaded leaves no broken image behind.
 */
export function ArticleCover({
  fileId,
  width,
  height,
  style,
}: {
  fileId: string | null;
  width: number | string;
  height: number;
  style?: CSSProperties;
}) {
  const [failed, setFailed] = useState(false);
  if (!fileId || failed) return null;
  return (
    <img
      src={typeof width === 'number' ? imageUrl(fileId, thumbWidthFor(width)) : imageUrl(fileId)}
      alt="封面"
      loading="lazy"
      data-testid="article-cover"
      onError={() => setFailed(true)}
      style={{ width, height, objectFit: 'cover', borderRadius: 6, flex: 'none', display: 'block', background: '#f5f5f5', ...style }}
    />
  );
}
