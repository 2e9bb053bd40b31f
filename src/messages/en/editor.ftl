## The browser editor (`sahel serve --edit`): its API's refusals.

edit-no-token = This request does not come from the editor's page (its token is missing or wrong). Reload the editor.
edit-bad-origin = This request comes from another site, so it was refused.
edit-no-collection = There is no collection named “{ $name }”.
edit-no-entry = There is no entry “{ $id }” here.
edit-path-refused = This file cannot be edited from the browser: { $why }.
edit-bad-new-id = “{ $id }” cannot be the address of a new entry: use lower-case Latin letters, digits and hyphens (for example golden-visa-2027).
edit-id-taken = An entry with this address exists already ({ $path }). Choose another address.
edit-no-language = The site has no language “{ $code }”.
edit-too-large = { $path } is too large to save from the browser.
edit-cannot-write = The file could not be written: { $error }
edit-cannot-delete = Entries of this kind cannot be deleted from the editor.
edit-site-not-loaded = The site has errors that stop it from loading; fix them first.
edit-upload-too-large = The file is larger than { $mb } MB. Send a smaller photo.
edit-upload-bad-name = “{ $name }” has no file type in its name (such as .jpg or .png).
