import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UiLocale } from '../../../../shared/locales';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { useLocale, useLocalizedPath } from '../../../i18n/use-locale';
import { AdminPage } from '../admin-parts';
import { createBlogPost } from '../blogs-api';
import { VersionForm } from './version-form';

/** A new post: its first language version (the language chosen in the form); saved, the post opens for editing. */
export function NewPost() {
  const { t } = useTranslation('admin');
  const pageLocale = useLocale();
  const [locale, setLocale] = useState<UiLocale>(pageLocale);
  const navigate = useNavigate();
  const path = useLocalizedPath();
  return (
    <AdminPage title={t('blogs.editor.newTitle')} lead={t('blogs.editor.newLead')} wide={false}>
      <p className="admin-back">
        <LocalizedLink to="adminBlogs">{t('blogs.editor.back')}</LocalizedLink>
      </p>
      <VersionForm
        locale={locale}
        initial={null}
        chooseLocale={setLocale}
        submitLabel={t('blogs.editor.create')}
        onSave={async (input) => {
          const post = await createBlogPost({ ...input, locale });
          void navigate(`${path('adminBlog', { id: String(post.id) })}?locale=${locale}`);
        }}
      />
    </AdminPage>
  );
}
