-- Stored file names end in an extension that matches the detected content (issue 10, point 7), as
-- `cleanFileName` (platform/storage) now names new uploads: a short wrong suffix is replaced
-- ("scan.html" holding a PDF → "scan.pdf"), anything else gets the extension appended.
WITH accepted(content_type, exts) AS (
  VALUES
    ('application/pdf', ARRAY['pdf']),
    ('image/jpeg', ARRAY['jpg', 'jpeg', 'jfif']),
    ('image/png', ARRAY['png']),
    ('image/webp', ARRAY['webp']),
    ('image/heic', ARRAY['heic', 'heif'])
)
UPDATE "files" f SET "file_name" =
  (CASE
     WHEN f."file_name" ~* '^.+\.[a-z0-9]{1,5}$' THEN regexp_replace(f."file_name", '\.[A-Za-z0-9]{1,5}$', '')
     ELSE f."file_name"
   END) || '.' || a.exts[1]
FROM accepted a
WHERE a.content_type = f."content_type"
  AND coalesce(lower(substring(f."file_name" from '\.([^.]*)$')), '') <> ALL (a.exts);
