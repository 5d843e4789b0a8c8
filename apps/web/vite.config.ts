import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
