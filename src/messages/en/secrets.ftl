# The secret scan's rules (src/secrets/) and secrets found in what a media file means rather
# than its bytes: a PDF's compressed streams and encoded strings (src/media/pdf.rs).

## A service's secret: `kind` is one of the kinds below, `service` a proper name, the same in
## every language

secrets-rule = { $kind } for { $service }
secrets-kind-api-key = an API key
secrets-kind-token = an access token
secrets-kind-secret-key = a secret key
secrets-kind-client-id = a client ID
secrets-kind-client-secret = a client secret
secrets-kind-key-id = an access key ID
secrets-kind-access-key = an access key
secrets-kind-ca-key = an Origin CA key
secrets-kind-session = a session cookie
secrets-kind-shared-secret = a shared secret
secrets-kind-connection-string = a connection string with the account key
secrets-kind-password = a password
secrets-kind-webhook-secret = a webhook signing secret
secrets-kind-signing-key = a signing key
secrets-kind-insert-key = an insert key
secrets-kind-license-key = a license key
secrets-kind-credentials = credentials
secrets-kind-webhook-url = a webhook URL

## PDF files of the media folder

secrets-pdf-too-large = this PDF grows past { $limit } MiB when its compressed contents are read (a decompression bomb, or far more than a page of a site needs), so the site was not published
secrets-pdf-too-large-help = export the PDF again without attachments or uncompressed images (save it "for the web" or "reduced size"), or split it into smaller files
secrets-pdf-secret-page = page { $page } of this PDF holds { $what } in its text, so the site was not published
secrets-pdf-secret-page-help = remove the key from page { $page } in the document the PDF was made from, export the PDF again, and revoke the key if it was ever published
secrets-pdf-secret = this PDF holds { $what } in its compressed or encoded contents (its text, properties, links or form fields), so the site was not published
secrets-pdf-secret-help = remove the key from the document the PDF was made from (its text, its properties, its links and form fields), export the PDF again without it, and revoke the key if it was ever published
