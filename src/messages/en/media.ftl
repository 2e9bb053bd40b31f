# The media folder: what it may publish, links into it, photos and their copies (src/media.rs
# and src/media/).

## What may be published (media.rs, media/kind.rs)

media-allowed = JPEG (.jpg, .jpeg), PNG, GIF, WebP, AVIF, PDF and SVG (.svg, without script or references to other files)
media-kind-jpeg = a JPEG image
media-kind-png = a PNG image
media-kind-gif = a GIF image
media-kind-webp = a WebP image
media-kind-avif = an AVIF image
media-kind-pdf = a PDF document
media-kind-svg = an SVG image
media-changed-after-check = { $path } changed after it was checked, so it was not published: build again

## Listing and checking the folder (media/scan.rs)

media-link-target-resolved = { $written } (which is { $real })
media-link-target-unknown = another place
media-folder-link-out = the media folder is a link to { $target }, outside the content folder: sahel publishes only files kept in { $folder }/
media-folder-link-out-help = make { $folder } a real folder and copy the files to publish into it, instead of linking to another folder
media-cannot-read = cannot read it: { $detail }
media-folder-permissions-help = check the folder's permissions
media-link-loop-help = remove this link: it leads back to a folder that holds it
media-link-loop = a link leads back to a folder that holds it
media-permissions-help = check the file's permissions, or move it out of the media folder
media-permissions-or-remove-help = check the file's permissions, or remove it
media-file-link-out = this media file is a link to { $target }, outside { $folder }/: sahel publishes only files kept in the media folder (a link could publish the build machine's own files)
media-file-link-out-help = copy the file into { $folder }/ instead of linking to it, or remove the link
media-subfolder-link-out = this media folder is a link to { $target }, outside { $folder }/: sahel publishes only files kept in the media folder (a link could publish the build machine's own files)
media-subfolder-link-out-help = copy the folder into { $folder }/ instead of linking to it, or remove the link
media-name-not-utf8 = the media file's name is not valid UTF-8, so no link can name it
media-name-not-utf8-help = rename the file (letters of any language, digits, - and _ are all fine)
media-name-unicode-forms = this media file and { $other } have the same name written in two Unicode forms, so /media/{ $name } would name either
media-name-unicode-forms-help = keep one of the two files, or rename one
media-name-case = this media file and { $other } have names that differ only in case: Windows and macOS keep one of them, S3 and Linux hosts serve both
media-name-case-help = keep one of the two files, or rename one so the names differ in more than case
media-variants-folder = the folder `{ $folder }` of the media folder is where sahel publishes the photos' smaller copies
media-variants-folder-help = move the file to another folder of content/media/
media-type-unnamed = its bytes are { $kind }, but its name does not end in .{ $extension }
media-type-extension = .{ $extension } files are not published from the media folder
media-type-no-extension = a file without an extension is not published from the media folder
media-type-refused = { $what }. Only these types are published: { $allowed }
media-type-heic-help = an iPhone photo (HEIC): export it as JPEG (Photos: File › Export, or on the phone Settings › Camera › Formats › Most Compatible); sahel then publishes it without its location and in copies sized for phones
media-type-refused-help = remove the file, or convert it to one of those types: a page, script or style sheet in the media folder would run on the site's own address (pages belong in each language's folder of content/, such as content/en)
media-type-unknown = not a type sahel publishes
media-type-rename-help = rename it to end in .{ $extension } (what its bytes are), or export it again as { $kind }
media-type-export-help = export it again as { $kind }, or remove it
media-type-mismatch = the file is named .{ $extension }, but its bytes are { $actual }, not { $kind }: a browser could be made to read it as another type
media-secret = this media file holds { $what }, so the site was not published
media-secret-at-line = this media file holds { $what } (line { $line }), so the site was not published
media-secret-help = remove the key from the file (and revoke it if it was ever published): only the public `anon` key may appear in the site
media-not-utf8 = not UTF-8 text
media-svg-bytes = the file is named .svg, but its bytes are { $actual }, not an SVG image
media-svg-rename-help = rename it to end in .{ $extension }
media-svg-utf8-help = save the SVG as UTF-8, or export it again
media-svg-problem = { $problem }, so the SVG is not published
media-svg-more = and { $count } more problems of the same kinds in this SVG
media-svg-more-help = export the SVG again as plain SVG, without HTML text, or publish a PNG

## What keeps an SVG from being published (media/svg.rs)

media-svg-help-script = remove it (an image needs no script), or publish a PNG or WebP export of the drawing instead
media-svg-help-reference = embed what it names in the file, or export the SVG again with images embedded and fonts converted to paths
media-svg-help-element = export the SVG again as plain SVG (e.g. Inkscape's "Plain SVG", or through svgo), or publish a PNG or WebP export instead
media-svg-entities = the SVG's <!DOCTYPE> declares entities (a `[...]` part): they could expand without end or hide content
media-svg-entities-help = remove the <!DOCTYPE ...> declaration (browsers do not need it), or export the SVG again as plain SVG
media-svg-not-xml = the SVG is not well-formed XML: { $detail }
media-svg-not-xml-help = export the SVG again from its editor, or open it in a browser to see the same error
media-svg-namespace = the <svg> element is not in the SVG namespace ({ $namespace }), so browsers would not draw it
media-svg-root = the file's root element is <{ $element }>, not <svg>
media-svg-root-help = an .svg file starts with <svg xmlns="http://www.w3.org/2000/svg" ...>; export the drawing again as SVG
media-svg-processing-instruction = the processing instruction <?{ $target } ...?> can load a style sheet or transform from another file
media-svg-script = a <script> element: its code would run on the site's own address
media-svg-foreign-object = a <foreignObject> element: it embeds HTML (forms, frames, script) in the drawing
media-svg-animation = an animation element <{ $element }>: it can change a link into script after the file is checked
media-svg-element = the element <{ $element }> is not one sahel publishes in an SVG (only shapes, text, gradients, patterns, masks, filters and their groups)
media-svg-style = a <style> element { $what }
media-svg-foreign-namespace = the element <{ $element }> is in the namespace { $namespace }, not SVG's: browsers may run it as HTML
media-svg-no-namespace = the element <{ $element }> is in the namespace (none), not SVG's: browsers may run it as HTML
media-svg-event-handler = the event handler `{ $name }` on <{ $element }>: its code would run on the site's own address
media-svg-attribute = the attribute `{ $name }` { $what }
media-svg-xml-base = the attribute `xml:base` makes the file's `#` references point to another file
media-svg-xml-base-help = remove the xml:base attribute
media-svg-reference = the reference `{ $reference }` points outside this file: a published SVG may only name its own parts (`#id`) or embed a PNG, JPEG, GIF, WebP or AVIF image as a data: URL
media-svg-css-escape = has a CSS escape (`\`), which can hide a reference to another file
media-svg-css-loads = uses `{ $word }`, which loads or links to another file
media-svg-css-url = names `url({ $url })`, outside this file: only `url(#id)` and embedded raster images are published
media-svg-encoding = the SVG declares the encoding `{ $encoding }`; only UTF-8 is published
media-svg-encoding-help = save the file as UTF-8 and write encoding="UTF-8" (or no encoding) in its first line

## Photos (media/photo.rs)

media-photo-damaged = the file is damaged or cut short: it does not hold { $kind } from start to end
media-photo-damaged-help = export or copy the photo again
media-photo-empty = the file is empty (0 bytes)
media-photo-empty-help = copy the photo again, or remove the file
media-photo-too-large = the image is { $width } × { $height } pixels ({ $megapixels } megapixels): a phone would run out of memory showing it
media-photo-too-large-help = export it smaller (at most { $megapixels } megapixels; 2,000 pixels across is plenty for a page)
media-photo-avif-metadata = the AVIF file carries { $what } metadata, which can hold where and by what the photo was taken (its GPS position), and sahel cannot remove it from an AVIF file
media-photo-avif-metadata-help = export it again without metadata, or as JPEG or PNG, which sahel publishes without their metadata
media-photo-frame-outside = frame { $frame } is { $width } × { $height } pixels at ({ $left }, { $top }), outside the image's own { $screen_width } × { $screen_height } pixels: browsers would grow the image to { $grown_width } × { $grown_height } pixels ({ $megapixels } megapixels) to show it
media-photo-frame-outside-help = save the { $format } again with frames no larger than its screen ({ $screen_width } × { $screen_height } pixels), e.g. export it again from the editor that made it
media-photo-too-many-frames = the animation has more than { $max } frames: a phone would stall playing it
media-photo-too-many-frames-help = shorten it, or lower its frame rate, to at most { $max } frames; or publish a still image
media-photo-animation-too-large = the animation has { $frames } frames or more of { $width } × { $height } pixels, too much for a phone to draw
media-photo-animation-too-large-help = make it smaller or shorter: at most { $megapixels } megapixels in all (frames × width × height), e.g. 200 frames of 1280 × 720
media-photo-too-tall = the image is { $width } × { $height } pixels: its smaller copies for phones can be at most { $max } pixels tall, and even a copy one pixel wide would be taller
media-photo-too-tall-help = crop the screenshot to at most { $height } pixels tall (or cut it into parts), or publish it wider
media-photo-undecodable = the image data is damaged: { $kind } that browsers and sahel cannot decode ({ $detail })

## Links into the folder (media/links.rs)

media-image-unicode-form = the image `{ $href }` writes the file's name in another Unicode form than the file in { $folder }, so browsers would not find it
media-link-unicode-form = the link `{ $href }` writes the file's name in another Unicode form than the file in { $folder }, so browsers would not find it
media-unicode-form-help = type the name again, or copy it from the file: /media/{ $name }
media-missing-near-help = did you mean /media/{ $near }? Otherwise put the file at { $path }
media-missing-help = put the file at { $path }, or correct the name
media-image-missing = the image `{ $href }` names a file that is not in { $folder }
media-link-missing = the link `{ $href }` names a file that is not in { $folder }

## The photos' smaller copies (media/variants.rs)

media-images-widths-count = images.widths lists { $count } widths
media-images-widths-count-help = list 1 to 12 widths in pixels, narrowest first, e.g. widths = [480, 960, 1440]
media-images-widths = images.widths { $widths } are not widths from 16 to 8192 pixels, narrowest first
media-images-widths-help = list each width once, from 16 to 8192 pixels, narrowest first, e.g. widths = [480, 960, 1440]
media-images-out-of-range = images.{ $key } { $value } is out of range
media-images-speed-help = use a speed from 1 (slow, smallest files) to 10 (fast), e.g. avif_speed = 9
media-images-quality-help = use a quality from 1 to 100, e.g. avif_quality = 55 and webp_quality = 72
media-width-not-resized = a width that was not resized
media-cannot-make-copies = cannot make the smaller copies of { $path }
media-cannot-clean = cannot remove the metadata of { $path }: check it again with `sahel check`
media-cache-is-link = { $path } is a link; remove it so sahel can keep the photos' smaller copies there

## PDF documents (media/pdf_clean.rs)

media-pdf-unreadable = the PDF cannot be read ({ $detail }), so sahel cannot remove its author, file paths and other properties before publishing it
media-pdf-unreadable-help = export the PDF again from the program that made it (File › Save As › PDF, or Print › Save as PDF)
media-pdf-locked = the PDF is locked with a password, so sahel cannot remove its author, file paths and other properties before publishing it
media-pdf-locked-help = export the PDF without a password: a published document is open to everyone anyway
media-pdf-action = the PDF holds { $what }, an action that runs when it is opened or used: a PDF reader could run it on a visitor's computer
media-pdf-action-help = export the PDF without scripts and actions (print it to PDF, or in Acrobat: File › Save As Other › Optimized PDF, "Discard all JavaScript actions")
