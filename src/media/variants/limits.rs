//! What the copies of a photo can be: the encoders' limits, the widths that fit them, and
//! whether the photo decodes at all (checked by `check`, not found out by the build).

use std::path::Path;

use super::ImageSettings;

/// The most pixels a copy may have on a side: WebP's limit (libwebp refuses a picture of
/// 16,384), which the AVIF copies keep too.
pub(crate) const MAX_SIDE: u32 = 16_383;

/// The widths of the copies of a photo of `size` (upright): those of the settings narrower
/// than the photo, and the photo's own width when it is narrower than the widest; only those
/// whose copy is at most [`MAX_SIDE`] tall (a full-page screenshot gets its narrower copies
/// only). When none is, the one width whose copy is [`MAX_SIDE`] tall; none when even a copy
/// one pixel wide would be taller (`check` refuses such a photo).
pub(crate) fn widths(settings: &ImageSettings, (width, height): (u32, u32)) -> Vec<u32> {
    if width == 0 || height == 0 {
        return Vec::new();
    }
    let all = &settings.widths;
    let mut out: Vec<u32> = all.iter().copied().filter(|w| *w < width).collect();
    if all.last().is_some_and(|widest| width <= *widest) {
        out.push(width);
    }
    out.retain(|&w| w <= MAX_SIDE && super::height_at(w, (width, height)) <= MAX_SIDE);
    if out.is_empty() {
        let fitted = u64::from(width) * u64::from(MAX_SIDE) / u64::from(height);
        if let Ok(fitted) = u32::try_from(fitted)
            && fitted >= 1
        {
            out.push(fitted.min(width));
        }
    }
    out
}

/// The cache entry that says the photo whose bytes hash to `hash` decodes.
pub(crate) fn entry_name(hash: &blake3::Hash) -> String {
    format!("{}.decodes", hash.to_hex().get(..32).unwrap_or_default())
}

/// Whether the photo in `bytes` (whose hash is `hash`) decodes as its copies will decode it:
/// decoded once, then remembered in the cache (`.cache/media/<hash>.decodes`, when `cache` is
/// the site's own folder). The decoder's words when it does not.
pub(crate) fn decodes(
    cache: Option<&Path>,
    bytes: &[u8],
    hash: &blake3::Hash,
) -> Result<(), String> {
    let entry = cache.map(|c| c.join(entry_name(hash)));
    if entry
        .as_deref()
        .is_some_and(|e| std::fs::symlink_metadata(e).is_ok_and(|m| m.is_file()))
    {
        return Ok(());
    }
    // A decoder that panics on a file is that file's error, not the build's.
    match std::panic::catch_unwind(|| super::decode(bytes).map(drop)) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(e.to_string()),
        Err(_) => return Err("the decoder stopped".to_string()),
    }
    if let (Some(entry), Some(cache)) = (&entry, cache)
        && super::super::placeholder::own_folder(cache)
    {
        // A failed write only costs the next check a decode.
        let _ = crate::fingerprint::write_cache_file(entry, b"");
    }
    Ok(())
}
