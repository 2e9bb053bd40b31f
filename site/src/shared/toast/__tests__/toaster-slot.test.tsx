import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/__tests__/test-utils';
import { toast } from '@/shared/toast/toast-store';
import { ToasterSlot } from '@/shared/toast/toaster-slot';

describe('the notification region', () => {
  it('is not there until the page raises a toast, which waits for the region\'s code and then shows', async () => {
    renderWithApp(<ToasterSlot />);
    expect(screen.queryByRole('region')).toBeNull();
    // Raised before the region's code has loaded: it waits in the store, then shows in full.
    act(() => {
      toast({ title: 'Raised early', description: 'Still shown' });
    });
    await waitFor(() => expect(screen.getByText('Raised early')).toBeTruthy());
    expect(screen.getByRole('region', { name: /Notifications \(F8\)/ })).toBeTruthy();
    expect(screen.getByText('Still shown')).toBeTruthy();
  });
});
