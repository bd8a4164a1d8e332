import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { richText } from './rich-text.tsx'

const html = (text: string, elements: Parameters<typeof richText>[1]) => renderToStaticMarkup(createElement('p', null, ...richText(text, elements)))

describe('richText', () => {
  it('puts each numbered tag’s text into its element, keeping the element’s own props', () => {
    expect(html('Write to <0>guide@example.jp</0> or use our <1>contact form</1>.', { 0: createElement('a', { href: 'mailto:x' }), 1: createElement('a', { href: '/contact' }) })).toBe(
      '<p>Write to <a href="mailto:x">guide@example.jp</a> or use our <a href="/contact">contact form</a>.</p>',
    )
  })

  it('reads tags inside tags, self-closing tags, and tags in any order a translation puts them', () => {
    expect(html('<1>二</1><0>一 <2/> <1>三</1></0>', { 0: createElement('strong'), 1: createElement('em'), 2: createElement('br') })).toBe(
      '<p><em>二</em><strong>一 <br/> <em>三</em></strong></p>',
    )
  })

  it('keeps the text of a tag without its element, and text without tags as it is', () => {
    expect(html('a <5>b</5> c', {})).toBe('<p>a b c</p>')
    expect(html('no tags <here>', {})).toBe('<p>no tags &lt;here&gt;</p>')
  })
})
