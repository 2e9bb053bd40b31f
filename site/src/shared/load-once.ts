/**
 * A loader of a chunk that imports it once: every call shares the first call's promise, and a
 * failed load (a network error) is tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      const attempt = load();
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
      loading = attempt;
    }
    return loading;
  };
}
