// Side-effect imports of style sheets (Vite bundles them into editor.css).
declare module '*.css';
