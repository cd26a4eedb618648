import { useEffect } from 'react';
import { Button, Space, Tooltip, Upload } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  UnorderedListOutlined,
  UndoOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { FILE_API } from '@oa/shared/contract/files-api';
import { uploadFile } from './files-transfer';
import { imageUrl } from './files-url';
import { feedback } from './feedback';
import { errorMessage } from './http-client';
import './rich-text-editor.css';

const IMAGE_EXT = ['.png', '.jpg', '.jpeg', '.gif', '.webp'];
/** The stored form of an image: the canonical address without the token (the server rewrites it anyway). */
const storedSrc = (fileId: string) => `/oa${FILE_API.image}?filePath=${fileId}`;

const FileImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      'data-file-id': { default: null },
    };
  },
  renderHTML({ HTMLAttributes }) {
    const id = HTMLAttributes['data-file-id'] as string | null;
    return ['img', { ...HTMLAttributes, src: id ? imageUrl(id) : HTMLAttributes.src }];
  },
});

export interface RichTextHeading {
  level: 2 | 3 | 4;
  label: string;
}
const DEFAULT_HEADINGS: readonly RichTextHeading[] = [{ level: 2, label: '标题' }];

/** Rich-text editor (TipTap 3); loaded lazily by the pages that edit. `onChange` receives HTML with token-free image addresses. */
export default function RichTextEditor({
  value,
  onChange,
  placeholder,
  headings = DEFAULT_HEADINGS,
}: {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** the heading buttons (default one: 标题, h2) */
  headings?: readonly RichTextHeading[];
}) {
  const created = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }), FileImage],
    content: value ?? '',
    onUpdate: ({ editor: e }) =>
      onChange?.(
        e
          .getHTML()
          .replace(
            /<img([^>]*?)src="[^"]*"([^>]*?)data-file-id="(f[0-9a-f]{30})"/g,
            (_m, a: string, b: string, id: string) => `<img${a}src="${storedSrc(id)}"${b}data-file-id="${id}"`,
          ),
      ),
    // a multi-line text box to a screen reader; Tab leaves it (TipTap keeps Tab out of the text)
    editorProps: {
      attributes: {
        class: 'oa-rte-content',
        'data-testid': 'rich-text-editor',
        'aria-label': placeholder ?? '正文',
        role: 'textbox',
        'aria-multiline': 'true',
      },
    },
  });
  // useEditor may hand back an editor already destroyed while React re-mounts (kept-alive tabs, drawers), or
  // destroy it between render and this effect: its schema is gone and getHTML() would throw ("reading
  // 'cached'"). Check when used, and wait for the fresh one.
  const editor = created && !created.isDestroyed ? created : null;
  useEffect(() => {
    if (!editor || editor.isDestroyed || !editor.schema || value !== '') return;
    if (editor.getHTML() !== '<p></p>') editor.commands.setContent('');
  }, [editor, value]);
  if (!editor) return null;
  const btn = (title: string, icon: React.ReactNode, run: () => void, active?: boolean) => (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} onClick={run} aria-label={title} aria-pressed={active} />
    </Tooltip>
  );
  const insertImage = async (file: File) => {
    try {
      const up = await uploadFile(FILE_API.upload, file, file.name, { fields: { scope: 'private' } });
      editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { src: storedSrc(up.fileId), 'data-file-id': up.fileId, alt: file.name } })
        .run();
    } catch (err) {
      feedback().message.error(errorMessage(err, '图片上传失败'));
    }
  };
  const setLink = () => {
    const url = window.prompt('链接地址（http:// 或 https://）', (editor.getAttributes('link').href as string | undefined) ?? 'https://');
    if (url === null) return;
    if (!url) editor.chain().focus().unsetLink().run();
    else if (/^(https?:|mailto:)/i.test(url)) editor.chain().focus().setLink({ href: url }).run();
    else feedback().message.warning('链接须以 http:// 或 https:// 开头');
  };
  return (
    <div className="oa-rte">
      <Space className="oa-rte-bar" size={2} wrap role="toolbar" aria-label="格式">
        {btn('加粗', <BoldOutlined />, () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
        {btn('斜体', <ItalicOutlined />, () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'))}
        {btn('删除线', <StrikethroughOutlined />, () => editor.chain().focus().toggleStrike().run(), editor.isActive('strike'))}
        {headings.map((h) => (
          <Button
            key={h.level}
            size="small"
            type={editor.isActive('heading', { level: h.level }) ? 'primary' : 'text'}
            aria-pressed={editor.isActive('heading', { level: h.level })}
            onClick={() => editor.chain().focus().toggleHeading({ level: h.level }).run()}
          >
            {h.label}
          </Button>
        ))}
        {btn('无序列表', <UnorderedListOutlined />, () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList'))}
        {btn('有序列表', <OrderedListOutlined />, () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList'))}
        {btn('链接', <LinkOutlined />, setLink, editor.isActive('link'))}
        <Upload
          accept={IMAGE_EXT.join(',')}
          showUploadList={false}
          beforeUpload={(f) => {
            void insertImage(f);
            return false;
          }}
        >
          <Tooltip title="插入图片">
            <Button size="small" type="text" icon={<PictureOutlined />} aria-label="插入图片" data-testid="rte-image" />
          </Tooltip>
        </Upload>
        {btn('撤销', <UndoOutlined />, () => editor.chain().focus().undo().run())}
        {btn('重做', <RedoOutlined />, () => editor.chain().focus().redo().run())}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
