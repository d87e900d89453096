import type { Editor } from '@tiptap/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import RichTextEditor from './RichTextEditor';

const textbox = () => screen.getByRole('textbox', { name: 'Course description' });
/** Tiptap keeps its editor on the editable element. */
const editorOf = (element: HTMLElement) => (element as HTMLElement & { editor: Editor }).editor;

function Description({ value }: { value: string }) {
  return (
    <>
      <span id="label">Course description</span>
      <RichTextEditor id="description" labelledBy="label" value={value} onChange={() => undefined} />
    </>
  );
}

describe('RichTextEditor', () => {
  it('shows the value, and a new value when the form is reset', async () => {
    const { rerender } = render(<Description value="<p>Build a <strong>REST API</strong></p>" />);
    await waitFor(() => expect(textbox().innerHTML).toBe('<p>Build a <strong>REST API</strong></p>'));
    rerender(<Description value="<p>Another lesson</p>" />);
    await waitFor(() => expect(textbox().innerHTML).toBe('<p>Another lesson</p>'));
  });

  it('carries on with a new editor when Tiptap has destroyed the one it rendered with', async () => {
    // Tiptap destroys an editor whose component has not mounted a tick after it was made (a slow page, a route
    // rendered as a transition) and makes another when the component's effects run: the render's own editor is dead
    // by then. Reading it (getHTML) threw, and the studio's course page went blank.
    const { rerender } = render(<Description value="<p>First</p>" />);
    await waitFor(() => expect(textbox().innerHTML).toBe('<p>First</p>'));
    act(() => editorOf(textbox()).destroy());
    rerender(<Description value="<p>Second</p>" />);
    await waitFor(() => expect(textbox().innerHTML).toBe('<p>Second</p>'));
    expect(editorOf(textbox()).isDestroyed).toBe(false);
  });
});
