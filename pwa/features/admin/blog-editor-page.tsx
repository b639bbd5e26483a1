/**
 * The administrator's blog editor: /admin/blogi/nov writes the first language version of a new draft;
 * /admin/blogi/:id edits a post — its status (publish, withdraw), publish date, cover image (through the assets
 * store) and a version per language (?locale=): title, slug (suggested from the title until edited), excerpt and the
 * body in a rich-text editor (rich-text/, its own lazily loaded chunk) that writes exactly the HTML the server keeps,
 * with images stored through the assets store, and a preview of the HTML as the server sanitises it. Deleting the post or one language asks first. Every change is audited by the server.
 */
import { useParams } from 'react-router';
import { EditPost } from './blog-editor/edit-post';
import { NewPost } from './blog-editor/new-post';

export default function BlogEditorPage() {
  const { id } = useParams();
  return id ? <EditPost id={Number(id)} /> : <NewPost />;
}
