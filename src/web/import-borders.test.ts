// The lint rule that keeps the web app's parts apart (eslint.config.js, decision 0028), tried on snippets:
// it must refuse what crosses a border and let the rest through.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the border rules for `code` as the file at `path` (repository-relative). */
async function borderErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter(
      (m) => m.ruleId === '@typescript-eslint/no-restricted-imports' || m.ruleId === 'no-restricted-syntax',
    )
    .map((m) => m.message);
}

describe('a feature', () => {
  it("may not import another feature's files", async () => {
    const errors = await borderErrors(
      'src/web/features/favorites/Example.tsx',
      "import { ListingCard } from '../marketplace/ListingCard.tsx';\nvoid ListingCard;",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/A feature imports only its own files/);
  });

  it('may not import another feature dynamically, through the alias, or a page', async () => {
    const errors = await borderErrors(
      'src/web/features/favorites/Example.tsx',
      [
        "void import('../marketplace/use-location.ts');",
        "import { useListing } from '@web/features/marketplace/api.ts';",
        "import Home from '../../pages/Home.tsx';",
        'void useListing; void Home;',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
  });

  it('may not leave through a sub-folder either', async () => {
    const errors = await borderErrors(
      'src/web/features/guide/parts/Example.tsx',
      "import { useMe } from '../../auth/api.ts';\nvoid useMe;",
    );
    expect(errors).toHaveLength(1);
  });

  it('may import its own files, components, lib and the domain', async () => {
    const errors = await borderErrors(
      'src/web/features/favorites/Example.tsx',
      [
        "import { useFavoriteIds } from './use-favorites.ts';",
        "import { Button } from '../../components/ui/button.tsx';",
        "import { useMe } from '../../lib/use-me.ts';",
        "import { FAVORITE_MESSAGES } from '@domain/constants.ts';",
        "void import('./use-favorites.ts');",
        'void useFavoriteIds; void Button; void useMe; void FAVORITE_MESSAGES;',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});

describe('components and lib', () => {
  it('may not import a feature, statically or dynamically', async () => {
    expect(
      await borderErrors(
        'src/web/components/Example.tsx',
        "import { useSiteContent } from '../features/content/use-site-content.ts';\nvoid useSiteContent;",
      ),
    ).toEqual([expect.stringMatching(/import no feature, page or app file/)]);
    expect(
      await borderErrors('src/web/lib/example.ts', "void import('../features/marketplace/api.ts');"),
    ).toHaveLength(1);
    expect(
      await borderErrors(
        'src/web/components/ui/example.tsx',
        "import { routes } from '../../app/routes.tsx';\nvoid routes;",
      ),
    ).toHaveLength(1);
  });

  it('may import each other', async () => {
    expect(
      await borderErrors(
        'src/web/components/Example.tsx',
        "import { cn } from '../lib/utils.ts';\nimport { Button } from './ui/button.tsx';\nvoid cn; void Button;",
      ),
    ).toEqual([]);
  });
});

describe('pages', () => {
  it('compose features', async () => {
    expect(
      await borderErrors(
        'src/web/pages/Example.tsx',
        "import { ListingCard } from '../features/marketplace/ListingCard.tsx';\nimport { FavoriteButton } from '../features/favorites/FavoriteButton.tsx';\nvoid ListingCard; void FavoriteButton;",
      ),
    ).toEqual([]);
  });

  it('still may not import sonner', async () => {
    expect(
      await borderErrors('src/web/pages/Example.tsx', "import { toast } from 'sonner';\nvoid toast;"),
    ).toEqual([expect.stringMatching(/lib\/toast\.ts/)]);
  });
});
