import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

interface RichTextEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The visible label's id (the editable area is labelled by it). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}

const buttons: { label: string; icon: string; run: (e: Editor) => void; active?: (e: Editor) => boolean }[] = [
  { label: 'Bold', icon: 'type-bold', run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive('bold') },
  { label: 'Italic', icon: 'type-italic', run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive('italic') },
  { label: 'Heading', icon: 'type-h2', run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive('heading', { level: 2 }) },
  { label: 'Subheading', icon: 'type-h3', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive('heading', { level: 3 }) },
  { label: 'Bulleted list', icon: 'list-ul', run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive('bulletList') },
  { label: 'Numbered list', icon: 'list-ol', run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive('orderedList') },
  { label: 'Quote', icon: 'quote', run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive('blockquote') },
  { label: 'Code block', icon: 'code-square', run: (e) => e.chain().focus().toggleCodeBlock().run(), active: (e) => e.isActive('codeBlock') },
  {
    label: 'Link',
    icon: 'link-45deg',
    run: (e) => {
      const current = (e.getAttributes('link').href as string | undefined) ?? 'https://';
      const href = window.prompt('Link address (empty removes the link)', current);
      if (href === null) return;
      if (href.trim() === '') e.chain().focus().extendMarkRange('link').unsetLink().run();
      else e.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
    },
    active: (e) => e.isActive('link'),
  },
  { label: 'Undo', icon: 'arrow-counterclockwise', run: (e) => e.chain().focus().undo().run() },
  { label: 'Redo', icon: 'arrow-clockwise', run: (e) => e.chain().focus().redo().run() },
];

/**
 * Tiptap destroys an editor whose component has not mounted a tick after it was made (a slow render, or a route
 * rendered as a transition) and hands out a new one on the next render: until then that render's editor is dead and
 * reading it throws. So it is checked when it is used, not when it is rendered.
 */
const live = (e: Editor | null): e is Editor => Boolean(e && !e.isDestroyed);

/** Article and description text (Tiptap): the HTML goes to the server, which sanitises it. */
export default function RichTextEditor({ id, value, onChange, onBlur, labelledBy, describedBy, invalid }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } })],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => (live(e) ? buttons.map((b) => b.active?.(e) ?? false) : buttons.map(() => false)),
  });

  // A reset of the form (another lesson opened) replaces the text.
  useEffect(() => {
    if (live(editor) && value !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`rich-editor${invalid ? ' is-invalid' : ''}`}>
      <div className="rich-toolbar" role="toolbar" aria-label="Formatting">
        {buttons.map((b, i) => (
          <button
            key={b.label}
            type="button"
            className={`btn btn-sm ${active?.[i] ? 'btn-primary' : 'btn-light'}`}
            aria-label={b.label}
            title={b.label}
            aria-pressed={b.active ? Boolean(active?.[i]) : undefined}
            onClick={() => live(editor) && b.run(editor)}
          >
            <i className={`bi bi-${b.icon}`} aria-hidden="true" />
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
