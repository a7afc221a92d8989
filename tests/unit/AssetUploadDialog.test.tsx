import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { Asset } from '../../contracts/assets';
import '../../src/i18n';
import {
  type AssetUploadEvent,
  assetUploadMachine,
  type MediaMetadata,
  type SaveAssetInput,
  type UploadFilesInput,
} from '../../src/machines/assetUploadMachine';
import { AssetUploadDialog } from '../../src/views/assets/AssetUploadDialog';
import { renderInApp } from '../support/spa';

const fileId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

const fileOf = (name: string, size = 10, type = 'image/jpeg'): File => {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  if (size > 16) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The upload flow with the browser's and the network's parts faked: uploads answer at once. */
function fakeUploadFlow(failure?: { upload?: unknown; save?: unknown }) {
  const uploads: UploadFilesInput[] = [];
  const saves: SaveAssetInput[] = [];
  const flow = assetUploadMachine.provide({
    actors: {
      readMetadata: fromPromise(async (): Promise<MediaMetadata> => ({ width: 640, height: 480 })),
      uploadFiles: fromCallback<AssetUploadEvent, UploadFilesInput>(({ input, sendBack }) => {
        uploads.push(input);
        sendBack({ type: 'upload.progress', loaded: 10, total: 10 });
        // The first upload fails when the test says so; the retry goes through.
        if (failure?.upload && uploads.length === 1) {
          queueMicrotask(() => sendBack({ type: 'upload.failed', error: failure.upload }));
          return;
        }
        sendBack({ type: 'upload.sent' });
        queueMicrotask(() =>
          sendBack({ type: 'upload.finished', file: { fileId, url: `/api/fileService/file/${fileId}` } }),
        );
      }),
      saveAsset: fromPromise(async ({ input }) => {
        saves.push(input);
        if (failure?.save && saves.length === 1) throw failure.save;
        return { id: 'a1', type: 'picture', title: (input.values as { title: string }).title } as Asset;
      }),
    },
  });
  return { flow, uploads, saves };
}

async function openDialog(
  type: 'picture' | 'model3d' | 'webView3d' | 'text3d' = 'picture',
  failure?: Parameters<typeof fakeUploadFlow>[0],
) {
  const fake = fakeUploadFlow(failure);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  await renderInApp(<AssetUploadDialog open type={type} onClose={onClose} onSaved={onSaved} />, {
    flows: { assetUpload: fake.flow },
  });
  await screen.findByRole('dialog');
  return { ...fake, onSaved, onClose };
}

describe('AssetUploadDialog drop zone', () => {
  it("says why a picture is refused, in the spec's words", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { uploads } = await openDialog();
    const input = await screen.findByLabelText('Image file');

    await user.upload(input, fileOf('huge.jpg', 9 * 1024 * 1024));
    expect(
      await screen.findByText(
        'The image huge.jpg you selected is larger than 8 MB. Please try again with a smaller one',
      ),
    ).toBeTruthy();

    await user.upload(input, fileOf('notes.txt', 10, 'text/plain'));
    expect(
      await screen.findByText(
        'The file notes.txt is not an image! You should upload a jpg, jpeg, png, webp file.',
      ),
    ).toBeTruthy();

    fireEvent.drop(screen.getByTestId('file-drop-zone'), {
      dataTransfer: { files: [fileOf('a.jpg'), fileOf('b.jpg')] },
    });
    expect(await screen.findByText('You should upload only one image')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  it("refuses two models: Can't have more than 1 3D model files", async () => {
    const { uploads } = await openDialog('model3d');
    fireEvent.drop(screen.getByTestId('file-drop-zone'), {
      dataTransfer: { files: [fileOf('a.glb'), fileOf('b.glb')] },
    });
    expect(await screen.findByText("Can't have more than 1 3D model files")).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });
});

describe('AssetUploadDialog', () => {
  it('uploads a picture and saves it with its file, dimensions and fields', async () => {
    const user = userEvent.setup();
    const { uploads, saves, onSaved } = await openDialog();
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    const photo = fileOf('photo.jpg');
    await user.upload(await screen.findByLabelText('Image file'), photo);
    expect(await screen.findByText('Uploaded: photo.jpg')).toBeTruthy();
    expect(uploads).toEqual([{ kind: 'picture', files: [photo] }]);

    await user.type(screen.getByLabelText(/^Title/), 'Sunset');
    await user.type(screen.getByLabelText('Tags'), 'Beach, sea');
    await user.click(screen.getByLabelText('Clickable'));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' })));
    expect(saves).toHaveLength(1);
    expect(saves[0].assetId).toBeNull();
    expect(saves[0].values).toMatchObject({
      type: 'picture',
      title: 'Sunset',
      fileId,
      width: 640,
      height: 480,
      tags: ['beach', 'sea'],
      interactive: true,
    });
  });

  it('keeps the form when the title is missing', async () => {
    const user = userEvent.setup();
    const { saves } = await openDialog();
    await user.upload(await screen.findByLabelText('Image file'), fileOf('photo.jpg'));
    await screen.findByText('Uploaded: photo.jpg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the asset a title')).toBeTruthy();
    expect(saves).toHaveLength(0);
  });
});

describe('AssetUploadDialog errors', () => {
  it("says the server's refusal in words, keeps the form, and uploads again on retry", async () => {
    const user = userEvent.setup();
    const quota = {
      message:
        'Your library is full: your plan stores up to 500 MB. Delete assets or change your plan to upload more.',
      status: 413,
      code: 'QUOTA_EXCEEDED',
    };
    const { uploads } = await openDialog('picture', { upload: quota });
    await user.type(screen.getByLabelText(/^Title/), 'Sunset');
    await user.upload(await screen.findByLabelText('Image file'), fileOf('photo.jpg'));
    expect(await screen.findByText(quota.message)).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Sunset');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Uploaded: photo.jpg')).toBeTruthy();
    expect(uploads).toHaveLength(2);
    expect(screen.queryByText(quota.message)).toBeNull();
  });

  it('names a damaged model, and a refused save, without losing the form', async () => {
    const user = userEvent.setup();
    await openDialog('model3d', { upload: { message: 'bad', status: 422, code: 'MODEL_INVALID' } });
    fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [fileOf('chair.glb')] } });
    expect(await screen.findByText('The model is damaged and cannot be read.')).toBeTruthy();
    cleanup();

    const { saves, onSaved } = await openDialog('picture', {
      save: { message: 'The thumbnail is not an uploaded file', status: 400, code: 'VALIDATION_FAILED' },
    });
    await user.upload(await screen.findByLabelText('Image file'), fileOf('photo.jpg'));
    await screen.findByText('Uploaded: photo.jpg');
    await user.type(screen.getByLabelText(/^Title/), 'Sunset');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The thumbnail is not an uploaded file')).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Sunset');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves).toHaveLength(2);
  });
});

describe('AssetUploadDialog without a file', () => {
  it('saves a web view from its address alone, refusing one that is not a web address', async () => {
    const user = userEvent.setup();
    const { saves, onSaved } = await openDialog('webView3d');
    expect(screen.queryByTestId('file-drop-zone')).toBeNull();
    await user.type(screen.getByLabelText(/^Title/), 'Our shop');
    await user.type(screen.getByLabelText('Web page address'), 'shop.example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The web page address should be a web address starting with https://'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('Web page address'));
    await user.type(screen.getByLabelText('Web page address'), 'https://shop.example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves[0].values).toMatchObject({
      type: 'webView3d',
      title: 'Our shop',
      link: 'https://shop.example.org',
    });
  });

  it('saves a 3D text with the text defaults', async () => {
    const user = userEvent.setup();
    const { saves, onSaved } = await openDialog('text3d');
    await user.type(screen.getByLabelText(/^Title/), 'Welcome');
    await user.type(screen.getByLabelText('Text'), 'Welcome to the gallery');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves[0].values).toMatchObject({
      type: 'text3d',
      content: 'Welcome to the gallery',
      fontSize: 60,
      alignments: 'Center',
      defaultSize: [3, 1, 0],
    });
  });
});
