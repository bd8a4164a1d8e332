import { describe, expect, it } from 'vitest'
import { cropAround, parseVariantPath, PLACE_KINDS, servedWidths, variantPath, type Variant } from './places.ts'

const hash = 'ab'.repeat(32)

describe('cropAround', () => {
  it('keeps the largest box of the shape, centred on the focal point', () => {
    expect(cropAround({ width: 3000, height: 2000 }, [4, 5], { x: 50, y: 50 })).toEqual({ left: 700, top: 0, width: 1600, height: 2000 })
    expect(cropAround({ width: 3000, height: 2000 }, [4, 5], { x: 30, y: 50 })).toEqual({ left: 100, top: 0, width: 1600, height: 2000 })
  })
  it('stops at the photo’s edges rather than leaving it', () => {
    expect(cropAround({ width: 3000, height: 2000 }, [4, 5], { x: 0, y: 0 })).toEqual({ left: 0, top: 0, width: 1600, height: 2000 })
    expect(cropAround({ width: 3000, height: 2000 }, [4, 5], { x: 100, y: 100 })).toEqual({ left: 1400, top: 0, width: 1600, height: 2000 })
    expect(cropAround({ width: 1200, height: 1600 }, [8, 3], { x: 50, y: 90 })).toEqual({ left: 0, top: 1150, width: 1200, height: 450 })
  })
})

describe('variant URLs', () => {
  it('reads back what it writes, for crops and whole-photo previews', () => {
    const variants: Variant[] = [
      { hash, crop: { aspect: [3, 2], focal: { x: 40, y: 60 } }, width: 800, format: 'avif' },
      { hash, crop: { aspect: [4, 5], focal: { x: 0, y: 100 } }, width: 320, format: 'jpeg' },
      { hash, crop: 'whole', width: 960, format: 'webp' },
    ]
    for (const v of variants) expect(parseVariantPath(variantPath(v))).toEqual(v)
    expect(variantPath(variants[1]!)).toBe(`/media/${hash}/4x5-0-100-320.jpg`)
  })
  it('names only shapes and widths a place uses', () => {
    expect(parseVariantPath(`/media/${hash}/3x2-50-50-801.avif`)).toBeUndefined()
    expect(parseVariantPath(`/media/${hash}/7x2-50-50-800.avif`)).toBeUndefined()
    expect(parseVariantPath(`/media/${hash}/3x2-50-101-800.avif`)).toBeUndefined()
    expect(parseVariantPath(`/media/${hash}/whole-1600.webp`)).toBeUndefined()
    expect(parseVariantPath(`/media/${hash}/3x2-50-50-800.gif`)).toBeUndefined()
    expect(parseVariantPath(`/media/${hash.slice(2)}/3x2-50-50-800.avif`)).toBeUndefined()
    expect(parseVariantPath(`/media/${hash}/3x2-50-50-800.avif/..`)).toBeUndefined()
  })
})

describe('servedWidths', () => {
  it('offers no width larger than the crop, and the smallest for a small photo', () => {
    expect(servedWidths(PLACE_KINDS.slide, { left: 0, top: 0, width: 1300, height: 867 })).toEqual([480, 800, 1200])
    expect(servedWidths(PLACE_KINDS.slide, { left: 0, top: 0, width: 400, height: 267 })).toEqual([480])
  })
})
