import { describe, expect, it } from 'vitest'
import { missingBrowserPrerequisites } from './browser-prerequisites.ts'
import { CHROMIUM_PATH } from './chromium.ts'

describe('what npm test checks before its first stage', () => {
  it('says nothing when Chromium and Java are there', () => {
    expect(missingBrowserPrerequisites({ chromiumAt: () => true, javaRuns: () => true })).toBeNull()
  })

  it.each([
    [false, true, `Chromium's headless shell at ${CHROMIUM_PATH}`],
    [true, false, 'a Java runtime'],
    [false, false, `Chromium's headless shell at ${CHROMIUM_PATH} and a Java runtime`],
  ])('names what is missing (Chromium %s, Java %s) and how to get it, in one line', (chromium, java, named) => {
    const line = missingBrowserPrerequisites({ chromiumAt: () => chromium, javaRuns: () => java })!
    expect(line).toContain(`need ${named}:`)
    expect(line).toContain('apt-get install chromium-headless-shell default-jre-headless')
    expect(line).toContain('.ci/run')
    expect(line).not.toContain('\n')
  })
})
