import { describe, expect, it } from 'vitest';
import {
  moderationQuerySchema,
  packageCreateSchema,
  packageUpdateSchema,
  parseDecimal,
  parseFeatureLines,
  parseWhole,
} from './admin.ts';
import { readListQuery } from './table.ts';

describe('package editor rules (spec section 5)', () => {
  it('reads features one per line, dropping blank lines', () => {
    expect(parseFeatureLines('  Up to 5 listings \n\n\r\nFeatured placement\n   ')).toEqual([
      'Up to 5 listings',
      'Featured placement',
    ]);
  });

  it('parses price as a decimal and limits as whole numbers, 0 when unreadable', () => {
    expect(parseDecimal('499.50')).toBe(499.5);
    expect(parseDecimal('abc')).toBe(0);
    expect(parseDecimal('')).toBe(0);
    expect(parseWhole('5')).toBe(5);
    expect(parseWhole('-1')).toBe(-1);
    expect(parseWhole('2.9')).toBe(2);
    expect(parseWhole('x')).toBe(0);
  });

  it('lower-cases the type with underscores and applies the defaults', () => {
    const parsed = packageCreateSchema.parse({
      packageType: '  Gold  Plus ',
      name: 'Gold',
      price: 10,
      maxListings: 1,
      maxImages: 1,
      features: [],
      displayOrder: 1,
    });
    expect(parsed).toMatchObject({
      packageType: 'gold_plus',
      emoji: '📦',
      period: '/month',
      active: true,
      popular: false,
      color: null,
    });
  });

  it('gives the spec’s messages for a missing type and name', () => {
    const result = packageCreateSchema.safeParse({
      packageType: ' ',
      name: '',
      price: 0,
      maxListings: 1,
      maxImages: 1,
      features: [],
      displayOrder: 1,
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain('Package type is required');
    expect(messages).toContain('Package name is required');
  });

  it('has no package type when editing', () => {
    expect(Object.keys(packageUpdateSchema.shape)).not.toContain('packageType');
  });
});

describe('moderation query', () => {
  it('defaults to the pending tab, newest first, 50 a page; bad URL values fall back', () => {
    const q = readListQuery(
      moderationQuerySchema,
      (key) => ({ pageSize: '30', sort: 'views', province: 'gauteng' })[key] ?? null,
    );
    expect(q).toMatchObject({
      status: 'pending',
      sort: 'created_at',
      dir: 'desc',
      page: 1,
      pageSize: 50,
      province: 'gauteng',
    });
  });
});
