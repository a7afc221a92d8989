import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { marketplaceMessages, type OneTimeProduct } from '../../contracts/marketplace';
import { type PublishAnswer, publishMessages, type Slot } from '../../contracts/publishing';
import type { Tier } from '../../contracts/roles';
import type { SceneMetadata } from '../../contracts/scenes';
import '../../src/i18n';
import {
  type BuySlotInput,
  type PublishInput,
  publishWizardMachine,
  type SaveMetadataInput,
} from '../../src/machines/publishWizardMachine';
import { type CheckoutProps, PublishWizard } from '../../src/views/publish/PublishWizard';
import { json, renderInApp } from '../support/spa';

const draft = {
  sceneId: 's1',
  title: 'Harbour lights',
  description: '',
  tags: ['harbour', 'night'],
  state: 'Draft',
  comments: true,
  adultContent: false,
  coverPhotoUri: '/api/fileService/file/cover1',
  photoGallery: [],
} satisfies Partial<SceneMetadata>;
const published = {
  ...draft,
  tags: ['harbour', 'night', 'sea'],
  state: 'Published',
} as unknown as SceneMetadata;

const slot = (slotId: string, sceneId: string | null, kind: Slot['kind'] = 'free'): Slot => ({
  slotId,
  kind,
  active: true,
  ownerId: 'u1',
  districtId: null,
  districtSubdomain: null,
  districtSlot: false,
  productId: null,
  sceneId,
  title: sceneId ? 'Old gallery' : null,
  sceneMetadata: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const bundles: OneTimeProduct[] = [
  { id: 'b50', coinAmount: 50, priceAmount: 300, currency: 'eur', iconId: 1 },
  { id: 'b100', coinAmount: 100, priceAmount: 500, currency: 'eur', iconId: 2 },
];

/** The card checkout, paid at once with 'Pay' (the real one needs the app's session and hub). */
function FakeCheckout({ purchase, onFinished, onClose }: CheckoutProps) {
  return (
    <div role="group" aria-label="Checkout">
      <span>{purchase.kind === 'credits' ? purchase.productId : purchase.priceId}</span>
      <button type="button" onClick={() => onFinished?.(null)}>
        Pay
      </button>
      <button type="button" onClick={onClose}>
        Close checkout
      </button>
    </div>
  );
}

/**
 * The wizard with a fake scene service: `publishFailures` publishes fail first with 409 slotTaken;
 * `poorWallet` makes slot purchases fail with 422 insufficient credits (100 needed, 30 in the
 * wallet) until a checkout was paid. A bought slot appears among the slots.
 */
async function renderWizard({
  tier = 'free',
  slots: startSlots = [slot('slot-1', null)],
  publishFailures = 0,
  poorWallet = false,
  deleteRefusals = 0,
}: {
  tier?: Tier;
  slots?: Slot[];
  publishFailures?: number;
  poorWallet?: boolean;
  /** Deletions refused first with 409 slotInUse. */
  deleteRefusals?: number;
} = {}) {
  const saved: SaveMetadataInput[] = [];
  const publishes: PublishInput[] = [];
  const purchases: BuySlotInput[] = [];
  const deletions: string[] = [];
  let refusals = deleteRefusals;
  let slots = startSlots;
  let failures = publishFailures;
  let paid = !poorWallet;
  const machine = publishWizardMachine.provide({
    actors: {
      loadSlots: fromPromise(async () => slots),
      buySlot: fromPromise(async ({ input }: { input: BuySlotInput }) => {
        purchases.push(input);
        if (!paid)
          throw {
            status: 422,
            code: 'BUSINESS_RULE',
            message: marketplaceMessages.insufficientCredits,
            details: { required: 100, availableBalance: 30 },
          };
        slots = [...slots, slot('slot-extra', null, 'extra')];
        return { transactionId: 't1', totalCoin: 100, availableBalance: 0 };
      }),
      deleteSlot: fromPromise(async ({ input }: { input: { slotId: string } }) => {
        deletions.push(input.slotId);
        if (refusals-- > 0) throw { status: 409, code: 'CONFLICT', message: publishMessages.slotInUse };
        slots = slots.filter((s) => s.slotId !== input.slotId);
        return undefined;
      }),
      loadCreditBundles: fromPromise(async () => bundles),
      saveMetadata: fromPromise(async ({ input }: { input: SaveMetadataInput }) => {
        saved.push(input);
        return published;
      }),
      publish: fromPromise(async ({ input }: { input: PublishInput }): Promise<PublishAnswer> => {
        publishes.push(input);
        if (failures-- > 0) throw { status: 409, code: 'CONFLICT', message: publishMessages.slotTaken };
        return { metadata: published, slot: slots[0] };
      }),
    },
  });
  // Paying the fake checkout gives the wallet the credits.
  const Checkout = (props: CheckoutProps) => (
    <FakeCheckout
      {...props}
      onFinished={(result) => {
        paid = true;
        props.onFinished?.(result);
      }}
    />
  );
  const onPublished = vi.fn();
  const onClose = vi.fn();
  const wizard = createActor(machine, { input: { sceneId: 's1', metadata: draft, tier } }).start();
  wizard.on('wizard.published', (event) => onPublished(event.metadata));
  // The access pickers search the user service.
  const users = () => json({ items: [{ userId: 'u2', name: 'Bob' }], cp: 0, ipp: 20, total: 1 });
  await renderInApp(<PublishWizard wizard={wizard} onClose={onClose} checkout={Checkout} />, {
    fetch: users,
  });
  const dialog = screen.getByRole('dialog', { name: 'Publish space' });
  const button = (name: string) => within(dialog).getByRole('button', { name });
  return {
    user: userEvent.setup(),
    dialog,
    button,
    saved,
    publishes,
    purchases,
    deletions,
    onPublished,
    onClose,
  };
}

describe('PublishWizard', () => {
  it('walks from space info to a published space, retrying a refused publish', async () => {
    const w = await renderWizard({ publishFailures: 1 });
    const { user, dialog, button } = w;
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Harbour lights');
    // Later steps open only once the earlier ones are complete.
    const step = (name: string) => within(dialog).getByRole('tab', { name });
    expect(step('Space info')).toHaveAttribute('aria-current', 'step');
    expect(step('Placement')).toBeDisabled();
    expect(step('Publish')).toBeDisabled();
    expect(button('Back')).toBeDisabled();

    await user.click(button('Next'));
    expect(within(dialog).getByText('It should contain at least 3 tags')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'sea,');
    expect(within(dialog).queryByText('It should contain at least 3 tags')).not.toBeInTheDocument();
    await user.click(button('Next'));

    // Placement: the slots load; the only one is chosen already.
    const freeSlot = await within(dialog).findByRole('radio', { name: 'Free slot' });
    expect(freeSlot).toBeChecked();
    expect(button('Add an extra slot for 100 credits')).toBeEnabled();
    await user.click(button('Next'));

    // Free tier: privacy and communication stay 'Everyone', with a way to the plans.
    for (const step of ['Who can view this space?', 'Who can communicate in this space?']) {
      const group = within(dialog).getByRole('radiogroup', { name: step });
      expect(within(group).getByRole('radio', { name: 'Everyone' })).toBeChecked();
      expect(within(group).getByRole('radio', { name: 'Only selected users and groups' })).toBeDisabled();
      expect(within(dialog).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
      await user.click(button('Next'));
    }

    // Publish: refused first (the server's message shows and the step stays), then published.
    expect(within(dialog).getByRole('switch', { name: 'Listed in Explore' })).toBeChecked();
    await user.click(button('Publish'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(publishMessages.slotTaken);
    expect(w.onPublished).not.toHaveBeenCalled();
    expect(w.saved).toHaveLength(1);
    expect(w.saved[0].fields).toMatchObject({ title: 'Harbour lights', tags: ['harbour', 'night', 'sea'] });
    await user.click(button('Publish'));
    await vi.waitFor(() => expect(w.onPublished).toHaveBeenCalledWith(published));
    // The retry only publishes again: the fields were stored already.
    expect(w.saved).toHaveLength(1);
    expect(w.publishes).toEqual([
      { sceneId: 's1', form: { slotId: 'slot-1', publishedPublic: true } },
      { sceneId: 's1', form: { slotId: 'slot-1', publishedPublic: true } },
    ]);
  });

  it('says the tag minimum while the tags are typed, before any Next', async () => {
    const { user, dialog } = await renderWizard();
    const tags = within(dialog).getByRole('textbox', { name: 'Tags' });
    // The rule is there before anything is typed.
    expect(tags).toHaveAccessibleDescription(/at least 3 tags/i);
    await user.click(within(dialog).getByRole('button', { name: 'Remove night' }));
    expect(tags).toHaveAccessibleDescription(/^It should contain at least 3 tags/);
    await user.type(tags, 'sea,');
    await user.type(tags, 'sky;');
    expect(within(dialog).queryByText('It should contain at least 3 tags')).not.toBeInTheDocument();
    // The other fields' problems wait for Next.
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    expect(within(dialog).queryByText('This field is required')).not.toBeInTheDocument();
  });

  it('asks for a slot when there are several to choose from', async () => {
    const { user, dialog, button } = await renderWizard({
      slots: [slot('slot-1', null), slot('slot-2', null)],
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'sea,');
    await user.click(button('Next'));
    const first = await within(dialog).findByRole('radio', { name: 'Free slot 1' });
    expect(first).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Free slot 2' })).not.toBeChecked();
    await user.click(button('Next'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(publishMessages.noSlotAssigned);
    await user.click(first);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(button('Next'));
    expect(within(dialog).getByRole('radiogroup', { name: 'Who can view this space?' })).toBeInTheDocument();
  });

  it('names the button of the last step in its text', async () => {
    const { user, dialog, button } = await renderWizard();
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'sea,');
    for (let step = 0; step < 4; step++) {
      await user.click(button('Next'));
      if (step === 0) await within(dialog).findByRole('radio', { name: 'Free slot' });
    }
    const region = within(dialog).getByRole('region', { name: 'Publish' });
    expect(within(region).getByText(/^Pressing /)).toHaveTextContent(
      'Pressing Publish publishes your space and makes it visible to its intended audience.',
    );
    expect(button('Publish')).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it("says 'There is no available slot.' when every slot holds another space", async () => {
    const { user, dialog, button } = await renderWizard({ slots: [slot('slot-1', 's0')] });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'sea;');
    await user.click(button('Next'));
    expect(await within(dialog).findByText(publishMessages.noSlotAvailable)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Free slot' })).toBeDisabled();
    expect(within(dialog).getByText('Occupied by Old gallery')).toBeInTheDocument();
  });

  it('buys an extra slot after buying the missing credits, and selects it', async () => {
    const w = await renderWizard({ slots: [slot('slot-1', 's0')], poorWallet: true });
    const { user, dialog, button } = w;
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'sea,');
    await user.click(button('Next'));
    expect(await within(dialog).findByText(publishMessages.noSlotAvailable)).toBeInTheDocument();
    expect(button('Add an extra slot for 100 credits')).toHaveAccessibleDescription(
      'An extra slot holds one more space. It costs 100 credits, paid from your wallet.',
    );

    // Not enough credits: the message, and the bundles covering the 70 missing credits.
    await user.click(button('Add an extra slot for 100 credits'));
    expect(await within(dialog).findByText(marketplaceMessages.insufficientCredits)).toBeInTheDocument();
    expect(button('Buy credits')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: '50 credits, €3' })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: '100 credits, €5' }));
    await user.click(button('Buy credits'));

    // The checkout of the chosen bundle; once paid, the slot is bought again (same key) and chosen.
    const checkout = within(dialog).getByRole('group', { name: 'Checkout' });
    expect(checkout).toHaveTextContent('b100');
    await user.click(within(checkout).getByRole('button', { name: 'Pay' }));
    const extra = await within(dialog).findByRole('radio', { name: 'Extra slot' });
    await vi.waitFor(() => expect(extra).toBeChecked());
    expect(within(dialog).queryByText(marketplaceMessages.insufficientCredits)).not.toBeInTheDocument();
    expect(w.purchases).toHaveLength(2);
    expect(w.purchases[1].idempotencyKey).toBe(w.purchases[0].idempotencyKey);
    await user.click(within(dialog).getByRole('button', { name: 'Close checkout' }));
    expect(within(dialog).queryByRole('group', { name: 'Checkout' })).not.toBeInTheDocument();

    await user.click(button('Next'));
    expect(within(dialog).getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-current', 'step');
  });

  it('deletes an empty extra slot after asking, and keeps it when the server refuses', async () => {
    const w = await renderWizard({
      slots: [slot('slot-1', null), slot('slot-extra', null, 'extra'), slot('slot-used', 's0', 'extra')],
      deleteRefusals: 1,
    });
    const { user, dialog, button } = w;
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'sea,');
    await user.click(button('Next'));
    await within(dialog).findByRole('radio', { name: 'Extra slot 1' });
    // (Found again each time: the wizard is hidden from assistive technology while the question is open.)
    const deleteButton = () => within(dialog).findByRole('button', { name: 'Delete Extra slot 1' });
    // Only the empty extra slot has a delete button.
    expect(within(dialog).queryByRole('button', { name: 'Delete Free slot' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete Extra slot 2' })).not.toBeInTheDocument();

    // Cancelled: nothing is deleted.
    await user.click(await deleteButton());
    let confirm = screen.getByRole('dialog', { name: 'Delete Extra slot 1?' });
    expect(confirm).toHaveTextContent('It holds no space now. The 100 credits it cost are not refunded.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(w.deletions).toEqual([]);

    // Refused: the server's message, and the slot stays.
    await user.click(await deleteButton());
    confirm = screen.getByRole('dialog', { name: 'Delete Extra slot 1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete slot' }));
    expect(await within(dialog).findByText(publishMessages.slotInUse)).toBeInTheDocument();
    expect(await within(dialog).findByRole('radio', { name: 'Extra slot 1' })).toBeInTheDocument();

    // Deleted: gone from the list, the other slots as they were (the wizard is shown again once
    // the question has closed).
    await user.click(await deleteButton());
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Extra slot 1?' })).getByRole('button', {
        name: 'Delete slot',
      }),
    );
    const slotValues = () =>
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value'));
    await vi.waitFor(() => expect(slotValues()).toEqual(['slot-1', 'slot-used']), { timeout: 5_000 });
    expect(w.deletions).toEqual(['slot-extra', 'slot-extra']);
    expect(within(dialog).queryByText(publishMessages.slotInUse)).not.toBeInTheDocument();
  });

  it('lets a Standard user pick who may view, and sends them with the publish', async () => {
    const { user, dialog, button, publishes } = await renderWizard({ tier: 'standard' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'sea,');
    await user.click(button('Next'));
    await user.click(await within(dialog).findByRole('radio', { name: 'Free slot' }));
    await user.click(button('Next'));
    await user.click(within(dialog).getByRole('radio', { name: 'Only selected users and groups' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Bob' }));
    await user.click(button('Add'));
    expect(
      within(within(dialog).getByRole('listbox', { name: 'Selected' })).getByRole('option'),
    ).toHaveAccessibleName('Bob');
    await user.click(button('Next'));
    await user.click(button('Next'));
    expect(within(dialog).getByText('1 selected user or group')).toBeInTheDocument();
    await user.click(button('Publish'));
    await vi.waitFor(() => expect(publishes).toHaveLength(1));
    expect(publishes[0].form).toMatchObject({ privacyACLEnabled: true, userPrivacyACL: ['u2'] });
  });

  it('refuses a cover photo of the wrong type with the size and formats', async () => {
    const { user, dialog, button } = await renderWizard();
    await user.click(button('Remove cover photo'));
    await user.click(button('Next'));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Cover photo');
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(
      within(dialog).getByText('File should be an image (JPG, JPEG, PNG, WEBP) and should not exceed 8 MB'),
    ).toBeInTheDocument();
  });
});
