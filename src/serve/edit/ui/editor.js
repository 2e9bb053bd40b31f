// built by: npx vite build --config editor/vite.config.ts
