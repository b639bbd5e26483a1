-- Blog titles and excerpts are plain text. Before this migration they were stored as the HTML sanitiser
-- printed them: every &, < and > escaped (&amp; &lt; &gt;; no other entity was ever written, and no bare & was left),
-- so "Q&A" showed as "Q&amp;A" and the page head escaped it a second time. This turns every stored title and excerpt
-- back into the text the sanitiser read; from now on they are stored as written and escaped once on output.
-- &lt; and &gt; first, &amp; last: "&amp;lt;" (the text "&lt;") becomes "&lt;", not "<".
UPDATE blog_post_versions SET
  title = replace(replace(replace(title, '&lt;', '<'), '&gt;', '>'), '&amp;', '&'),
  excerpt = replace(replace(replace(excerpt, '&lt;', '<'), '&gt;', '>'), '&amp;', '&')
WHERE instr(title, '&') > 0 OR instr(excerpt, '&') > 0;
