// @vitest-environment node
import { describe, expect, it } from 'vitest';
import contract from '../../../../../tests/contracts/icons.json';
import { SERVICE_ICONS } from '@/app/routes/service-icons';

describe('the service icons', () => {
  it('map every name Rust accepts in `icon:` (tests/contracts/icons.json), and no other', () => {
    expect(Object.keys(SERVICE_ICONS).sort()).toEqual([...contract].sort());
  });
});
