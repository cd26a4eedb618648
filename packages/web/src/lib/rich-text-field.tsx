import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextHeading } from './rich-text-editor';

const Editor = lazy(() => import('./rich-text-editor'));

/** A form field for rich text: the TipTap editor is loaded only when a page that edits shows it. */
export function RichTextField(props: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  headings?: readonly RichTextHeading[];
}) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
