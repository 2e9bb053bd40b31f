import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonVariants, type ButtonSize, type ButtonVariant } from '@/shared/ui/button';

const VARIANTS: ButtonVariant[] = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'];
const SIZES: ButtonSize[] = ['default', 'sm', 'lg', 'icon'];

describe('Button', () => {
  it('has six distinct variants and four distinct sizes', () => {
    expect(new Set(VARIANTS.map((variant) => buttonVariants({ variant }))).size).toBe(6);
    expect(new Set(SIZES.map((size) => buttonVariants({ size }))).size).toBe(4);
    expect(buttonVariants({ variant: 'destructive' })).toContain('bg-red-700');
    expect(buttonVariants({ size: 'icon' })).toContain('size-10');
  });

  it('renders a type="button" by default, and passes props through', () => {
    render(
      <Button variant="outline" size="sm" aria-label="Close" disabled>
        x
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement;
    expect(button.type).toBe('button');
    expect(button.disabled).toBe(true);
    expect(button.className).toContain('h-9');
  });
});
