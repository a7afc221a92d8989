import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmbientLight,
  Box3,
  Box3Helper,
  Color,
  DefaultLoadingManager,
  DirectionalLight,
  Group,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { disposeObject, loadModel } from '../../engine/web/build/models';
import { type AssetStats, assetStats } from '../../engine/web/inspector/stats';
import { extensionOf, mainModelFile } from '../../lib/assetFiles';

/** What the preview shows: the files chosen, or the model the server made of them. */
export type PreviewSource = { files: File[] } | { url: string };

export interface ModelPreviewProps {
  source: PreviewSource;
  showDimensions: boolean;
  /** Told once the model is shown: its size in metres and its counts. */
  onStats(stats: AssetStats): void;
}

const fileName = (url: string) => decodeURIComponent(url.split(/[?#]/)[0].split('/').pop() ?? '');

/**
 * Loads the model with the engine's own loader (its Draco, meshopt and KTX2 decoders from
 * /decoders/); a .gltf's or .obj's parts are found by name among the chosen files.
 */
async function loadPreview(source: PreviewSource) {
  if ('url' in source) return loadModel('glb', source.url);
  const main = mainModelFile(source.files);
  if (!main || extensionOf(main.name) === 'zip') return null;
  const urls = new Map(source.files.map((file) => [file.name.toLowerCase(), URL.createObjectURL(file)]));
  const url = urls.get(main.name.toLowerCase())!;
  // The parts a .gltf or .mtl names relatively are the chosen files of those names.
  DefaultLoadingManager.setURLModifier(
    (requested) => urls.get(fileName(requested).toLowerCase()) ?? requested,
  );
  try {
    const mtl = source.files.find((file) => extensionOf(file.name) === 'mtl');
    const ext = extensionOf(main.name);
    return await loadModel(
      ext === 'obj' ? 'obj' : ext === 'gltf' ? 'gltf' : 'glb',
      url,
      mtl ? urls.get(mtl.name.toLowerCase()) : undefined,
    );
  } finally {
    DefaultLoadingManager.setURLModifier(undefined as unknown as (url: string) => string);
    for (const blobUrl of urls.values()) URL.revokeObjectURL(blobUrl);
  }
}

/**
 * The Model 3D form's live preview (districts-commerce-spaces.md §3): the model turning slowly,
 * its bounding box when 'show model dimensions' is on, and its figures told to the form.
 */
export default function ModelPreview({ source, showDimensions, onStats }: ModelPreviewProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const helper = useRef<Box3Helper | null>(null);
  const tellStats = useEffectEvent(onStats);
  const dimensionsShown = useEffectEvent(() => showDimensions);
  // Which source the state is of: another source is loading.
  const [shown, setShown] = useState<{
    source: PreviewSource;
    state: 'shown' | 'later' | { failed: string };
  } | null>(null);
  const state = shown?.source === source ? shown.state : 'loading';

  useEffect(() => {
    if (helper.current) helper.current.visible = showDimensions;
  }, [showDimensions]);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let renderer: WebGLRenderer | null = null;
    const scene = new Scene();
    scene.background = new Color(0xf2f2f2);
    scene.add(new AmbientLight(0xffffff, 1.2));
    const sun = new DirectionalLight(0xffffff, 2);
    sun.position.set(3, 5, 4);
    scene.add(sun);
    const camera = new PerspectiveCamera(40, 1, 0.01, 2000);
    const turntable = new Group();
    scene.add(turntable);
    let frame = 0;
    let stopped = false;
    const setState = (next: 'shown' | 'later' | { failed: string }) => setShown({ source, state: next });

    Promise.resolve()
      .then(() => {
        renderer = new WebGLRenderer({ canvas: element, antialias: true, alpha: true });
        renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
        return loadPreview(source);
      })
      .then(
        (loaded) => {
          if (stopped) return loaded && disposeObject(loaded.root);
          if (!loaded) return setState('later');
          const view = renderer!;
          const bounds = new Box3().setFromObject(loaded.root);
          const size = bounds.getSize(new Vector3());
          const centre = bounds.getCenter(new Vector3());
          loaded.root.position.sub(centre);
          turntable.add(loaded.root);
          const box = new Box3Helper(new Box3().setFromCenterAndSize(new Vector3(), size), 0x1976d2);
          box.visible = dimensionsShown();
          helper.current = box;
          turntable.add(box);
          const radius = Math.max(size.length() / 2, 0.01);
          camera.position.set(0, radius * 0.6, radius * 2.6);
          camera.near = radius / 100;
          camera.far = radius * 100;
          camera.lookAt(0, 0, 0);
          tellStats(assetStats(loaded.root, loaded.animations));
          setState('shown');
          const draw = () => {
            if (stopped) return;
            const { clientWidth: width, clientHeight: height } = element;
            if (element.width !== width || element.height !== height) {
              view.setSize(width, height, false);
              camera.aspect = width / Math.max(height, 1);
              camera.updateProjectionMatrix();
            }
            turntable.rotation.y += 0.005;
            view.render(scene, camera);
            frame = requestAnimationFrame(draw);
          };
          draw();
        },
        (error: unknown) => !stopped && setState({ failed: (error as Error)?.message ?? String(error) }),
      );
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      disposeObject(turntable);
      renderer?.dispose();
    };
  }, [source]);

  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={t('assetUpload.model.preview')}
        sx={{ width: '100%', height: 260, display: 'block', borderRadius: 1, bgcolor: 'grey.100' }}
      />
      {state === 'loading' && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress aria-label={t('assetUpload.model.previewLoading')} />
        </Box>
      )}
      {state === 'later' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('assetUpload.model.previewAfterProcessing')}
        </Typography>
      )}
      {typeof state === 'object' && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('assetUpload.model.previewFailed', { message: state.failed })}
        </Alert>
      )}
    </Box>
  );
}
