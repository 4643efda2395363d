import { describe, expect, it } from 'vitest';
import { clientAssets } from './manifest';

describe('clientAssets', () => {
  it('gives the entry script, its imported chunks to preload and their stylesheets', () => {
    const manifest = {
      'src/client.tsx': { file: 'assets/client-abc.js', isEntry: true, imports: ['_react'], css: ['assets/client-1.css'] },
      _react: { file: 'assets/react-def.js', imports: ['_shared'] },
      _shared: { file: 'assets/shared-ghi.js', css: ['assets/shared-2.css'] },
    };
    expect(clientAssets(manifest, '/static')).toEqual({
      script: '/static/assets/client-abc.js',
      preloads: ['/static/assets/react-def.js', '/static/assets/shared-ghi.js'],
      stylesheets: ['/static/assets/client-1.css', '/static/assets/shared-2.css'],
    });
  });

  it('says how to build when the entry is missing', () => {
    expect(() => clientAssets({})).toThrow(/npm run build -w @vitrine\/storefront/);
  });
});
