-- 0015 on PostgreSQL: the twin of ../0015_blog_titles_plain_text.sql (the reference; see ../README.md). Blog titles
-- and excerpts were stored HTML-escaped (&amp; &lt; &gt;); they become the plain text the sanitiser read.
-- &lt; and &gt; first, &amp; last: "&amp;lt;" (the text "&lt;") becomes "&lt;", not "<".
UPDATE blog_post_versions SET
  title = replace(replace(replace(title, '&lt;', '<'), '&gt;', '>'), '&amp;', '&'),
  excerpt = replace(replace(replace(excerpt, '&lt;', '<'), '&gt;', '>'), '&amp;', '&')
WHERE strpos(title, '&') > 0 OR strpos(excerpt, '&') > 0;
