import {
  advanceCaptureGuide,
  captureHintText,
  INITIAL_CAPTURE_GUIDE,
  judgeCaptureFrame,
  type CaptureFrame,
  type CaptureHint,
  type HandSide,
} from '@palm/hand-pose';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useObjectUrl } from '@/hooks/use-object-url';
import { drawCaptureOverlay } from '../lib/capture-overlay';
import { createHandTracker } from '../lib/hand-tracker';
import { takeStill } from '../lib/still-photo';
import './guided-camera.css';

/** Frames taken after the still, a moment apart: the server measures the hand on each. */
const EXTRA_FRAMES = 3;
const EXTRA_FRAME_GAP_MS = 250;
const JPEG_QUALITY = 0.92;

export interface GuidedCameraProps {
  hand: HandSide;
  /** The visitor accepted the photo: the still and the frames taken after it. */
  onAccept: (photo: File, frames: File[]) => void;
  onClose: () => void;
  /** No camera, or the visitor refused it: the picker falls back to the phone's own camera. */
  onUnavailable: () => void;
}

type Phase =
  | { kind: 'starting' }
  | { kind: 'live'; hint: CaptureHint | undefined; analysed: number }
  | { kind: 'review'; photo: File; frames: File[] };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextPaint = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The video's current picture at its full resolution, as a JPEG. */
async function grabFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) throw new Error('The camera picture could not be saved');
  return blob;
}

const asFile = (blob: Blob, name: string) => new File([blob], name, { type: blob.type || 'image/jpeg' });

/**
 * The live camera: coaches the visitor with one hint at a time (the server's own hand judgement,
 * @palm/hand-pose), takes the photo by itself once the hand has passed every check for a moment,
 * and shows it for "Use this photo" / "Retake". Nothing leaves the page until the visitor accepts;
 * the camera stops as soon as the photo is taken or the step is left.
 */
export default function GuidedCamera({ hand, onAccept, onClose, onUnavailable }: GuidedCameraProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const reviewUrl = useObjectUrl(phase.kind === 'review' ? phase.photo : undefined);
  const callbacks = useRef({ onUnavailable });
  useEffect(() => {
    callbacks.current = { onUnavailable };
  });
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // On a phone the camera opens below the question: bring the video, its hint and its buttons
    // into view together, or the visitor holds up a hand to coaching they cannot see.
    sectionRef.current?.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  }, []);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    const stopCamera = () => stream?.getTracks().forEach((track) => track.stop());

    void (async () => {
      // The model loads while the visitor answers the browser's camera prompt.
      const trackerReady = createHandTracker();
      trackerReady.catch(() => undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          // The rear camera at the most pixels it gives: where the browser cannot take a still, the still is a frame.
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 4096 }, height: { ideal: 4096 } },
        });
      } catch {
        if (!stopped) callbacks.current.onUnavailable();
        return;
      }
      const video = videoRef.current;
      const overlay = overlayRef.current;
      if (stopped || !video || !overlay) return stopCamera();
      video.srcObject = stream;
      await video.play();
      overlay.width = video.videoWidth;
      overlay.height = video.videoHeight;
      drawCaptureOverlay(overlay, undefined, false);
      const tracker = await trackerReady;
      let guide = INITIAL_CAPTURE_GUIDE;
      let analysed = 0;
      setPhase({ kind: 'live', hint: guide.shown, analysed });
      while (!stopped) {
        const source = { source: video, width: video.videoWidth, height: video.videoHeight };
        const found = await tracker.analyse(source, performance.now());
        if (stopped) break;
        // Blur is judged last and costs a redraw of the palm: measured only on frames that pass the rest.
        const frame: CaptureFrame =
          judgeCaptureFrame(found, hand, guide.previous) === undefined
            ? { ...found, sharpness: tracker.sharpness(source, found.detection) }
            : found;
        const step = advanceCaptureGuide(guide, frame, hand);
        guide = step.guide;
        drawCaptureOverlay(overlay, frame, guide.last === undefined);
        setPhase({ kind: 'live', hint: guide.shown, analysed: ++analysed });
        if (step.shutter) {
          const still = await takeStill(stream.getVideoTracks()[0], () => grabFrame(video));
          const photo = asFile(still, `palm.${still.type === 'image/jpeg' ? 'jpg' : still.type.slice(6)}`);
          const frames: File[] = [];
          for (let i = 1; i <= EXTRA_FRAMES; i++) {
            await wait(EXTRA_FRAME_GAP_MS);
            frames.push(asFile(await grabFrame(video), `palm-frame-${i}.jpg`));
          }
          stopCamera();
          if (!stopped) setPhase({ kind: 'review', photo, frames });
          return;
        }
        await nextPaint();
      }
    })().catch(() => {
      if (!stopped) callbacks.current.onUnavailable();
    });

    return () => {
      stopped = true;
      stopCamera();
    };
  }, [attempt, hand]);

  const hintText =
    phase.kind === 'starting'
      ? 'Starting the camera…'
      : phase.kind === 'live'
        ? phase.hint
          ? captureHintText(phase.hint, hand)
          : 'Hold it there…'
        : 'Photo taken';

  return (
    <section
      ref={sectionRef}
      className="guided-camera"
      aria-label={`Camera for a photo of your ${hand} palm`}
      // Frames analysed so far: bench:web reads the live analysis rate from it.
      data-analysed-frames={phase.kind === 'live' ? phase.analysed : undefined}
    >
      <div className="guided-camera__stage">
        {phase.kind === 'review' ? (
          <img className="guided-camera__photo" src={reviewUrl} alt={`The photo of your ${hand} palm`} />
        ) : (
          <>
            <video ref={videoRef} className="guided-camera__video" muted playsInline />
            <canvas ref={overlayRef} className="guided-camera__overlay" aria-hidden="true" />
          </>
        )}
      </div>
      <p
        className="guided-camera__hint"
        role="status"
        aria-live="polite"
        data-hint={phase.kind === 'live' ? (phase.hint ?? 'ready') : phase.kind}
      >
        {hintText}
      </p>
      <div className="guided-camera__actions">
        {phase.kind === 'review' ? (
          <>
            <Button onClick={() => onAccept(phase.photo, phase.frames)}>Use this photo</Button>
            <Button
              variant="secondary"
              onClick={() => {
                setPhase({ kind: 'starting' });
                setAttempt((count) => count + 1);
              }}
            >
              Retake
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={onClose}>
            Close camera
          </Button>
        )}
      </div>
    </section>
  );
}
