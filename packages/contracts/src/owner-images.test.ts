import { describe, expect, it } from 'vitest';
import { IMAGE_FIELD_MESSAGES, getImageContract, listImagesContract, updateImageContract, uploadImageContract } from './owner-images';
import { check, responseErrors } from './test-validator';

const fieldError = (field: string, message: string) => ({ message, errors: { [field]: message } });
const params = { imageId: '0123456789abcdef01234567' };

describe('PUT /api/owner/images/:imageId', () => {
  const update = (body: unknown) => check(updateImageContract, { params, body });

  it('accepts any of the texts and the focal point, or none', () => {
    expect(update({})).toBeUndefined();
    expect(update({ altText: 'A vase', title: '', body: '<p>Speckled</p>', mediaFocalPoint: { x: 0, y: 1 } })).toBeUndefined();
    expect(update({ altText: 'a'.repeat(1000) })).toBeUndefined();
  });

  it('refuses a focal point outside 0–1, incomplete or with extra keys', () => {
    const focal = IMAGE_FIELD_MESSAGES.mediaFocalPoint;
    for (const mediaFocalPoint of [{ x: 1.01, y: 0.5 }, { x: -0.1, y: 0.5 }, { x: 0.5 }, { x: 0.5, y: 0.5, z: 1 }, { x: '0.5', y: 0.5 }, null]) {
      expect(update({ mediaFocalPoint }), JSON.stringify(mediaFocalPoint)).toEqual(fieldError('mediaFocalPoint', focal));
    }
  });

  it('refuses long or non-text texts, NUL, and fields it does not know', () => {
    expect(update({ altText: 'a'.repeat(1001) })).toEqual(fieldError('altText', IMAGE_FIELD_MESSAGES.altText));
    expect(update({ title: 't'.repeat(201) })).toEqual(fieldError('title', IMAGE_FIELD_MESSAGES.title));
    expect(update({ body: 7 })).toEqual(fieldError('body', IMAGE_FIELD_MESSAGES.body));
    expect(update({ altText: 'a\u0000b' })).toEqual(fieldError('altText', IMAGE_FIELD_MESSAGES.altText));
    expect(update({ filename: 'x.png' })?.errors).toEqual({ filename: 'Unknown field.' });
  });
});

describe('GET /api/owner/images', () => {
  const list = (querystring: unknown) => check(listImagesContract, { querystring });

  it('takes a page size of up to three digits and a cursor; the service bounds the size', () => {
    expect(list({})).toBeUndefined();
    expect(list({ limit: '100', cursor: 'cDQy' })).toBeUndefined();
    expect(list({ limit: '1000' })).toEqual(fieldError('limit', IMAGE_FIELD_MESSAGES.limit));
    expect(list({ limit: '-1' })).toEqual(fieldError('limit', IMAGE_FIELD_MESSAGES.limit));
    expect(list({ limit: ['1', '2'] })).toEqual(fieldError('limit', IMAGE_FIELD_MESSAGES.limit));
    expect(list({ cursor: 'c'.repeat(201) })).toEqual(fieldError('cursor', IMAGE_FIELD_MESSAGES.cursor));
  });
});

describe('image answers', () => {
  const asset = {
    id: params.imageId,
    assetUrl: `/images/${params.imageId}/vase.png`,
    originalSize: '1000x800',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    colorData: { topLeft: '#ffffff', topRight: '#ffffff', bottomLeft: '#000000', bottomRight: '#000000', center: '#808080' },
    altText: '',
    title: '',
    body: '',
    filename: 'vase.png',
    contentType: 'image/png',
    created: '2026-01-01T00:00:00.000Z',
  };

  it('an asset carries the platform\'s image fields', () => {
    expect(responseErrors(getImageContract, 200, asset)).toEqual([]);
    expect(responseErrors(uploadImageContract, 201, asset)).toEqual([]);
    expect(responseErrors(listImagesContract, 200, { images: [asset], nextCursor: null })).toEqual([]);
    const { colorData: _colorData, ...withoutColours } = asset;
    expect(responseErrors(getImageContract, 200, withoutColours)).not.toEqual([]);
  });

  it('the upload and the changes are owner calls that need catalog:write; reads catalog:read', () => {
    expect([uploadImageContract.access, updateImageContract.access]).toEqual(['catalog:write', 'catalog:write']);
    expect([listImagesContract.access, getImageContract.access]).toEqual(['catalog:read', 'catalog:read']);
    // The upload is multipart: no JSON body schema (the server reads the file as a stream).
    expect((uploadImageContract.schema as { body?: unknown }).body).toBeUndefined();
  });
});
