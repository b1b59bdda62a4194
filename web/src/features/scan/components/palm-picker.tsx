import { MAX_IMAGE_BYTES } from '@palm/contracts';
import { lazy, Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import type { PhotoAdvice } from '@/features/capture/lib/photo-check';
import { useObjectUrl } from '@/hooks/use-object-url';
import { preparePhoto, UnreadablePhotoError } from '../lib/prepare-photo';
import type { Hand } from '../lib/wizard-answers';
import './palm-picker.css';

// The camera, TensorFlow.js and the hand model load only when the visitor opens the camera.
const GuidedCamera = lazy(() => import('@/features/capture/components/guided-camera'));

const CAPTURE_TIPS = [
  'Keep your whole hand and wrist in the frame',
  'Spread your fingers slightly apart',
  'Use soft daylight — no flash, no harsh shadows',
  'Lay your fingers flat, in line with your palm',
] as const;

export interface PalmPickerProps {
  questionText: string;
  hand: Hand;
  file: File | undefined;
  /** A photo picked or taken; `frames` are the guided camera's extra frames of the same hand. */
  onFileChange: (file: File, frames?: File[]) => void;
}

export function PalmPicker({ questionText, hand, file, onFileChange }: PalmPickerProps) {
  const { toast } = useToast();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const cameraInputRef = useRef<HTMLInputElement>(null);
  const previewUrl = useObjectUrl(file);
  const headingId = useId();
  const hintId = useId();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [advice, setAdvice] = useState<PhotoAdvice>();
  const [checking, setChecking] = useState(false);
  const checkedPhoto = useRef<File>(undefined);

  const takePhoto = () => {
    // Pages outside a secure context, and browsers without a camera API, get the phone's own camera app through the file input.
    if ('mediaDevices' in navigator) setCameraOpen(true);
    else cameraInputRef.current?.click();
  };

  const refuseType = () =>
    toast({
      title: 'Invalid file type',
      description: 'Please select a valid image file',
      variant: 'destructive',
    });

  const refuseSize = () =>
    toast({
      title: 'File too large',
      description: 'File size must be less than 5MB',
      variant: 'destructive',
    });

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return refuseType();
    let photo: File;
    try {
      photo = await preparePhoto(picked);
    } catch (error) {
      if (!(error instanceof UnreadablePhotoError)) throw error;
      // Not a photo: over the limit it could not be made smaller either (the spec's 5 MB check).
      return picked.size > MAX_IMAGE_BYTES ? refuseSize() : refuseType();
    }
    if (photo.size > MAX_IMAGE_BYTES) return refuseSize();
    onFileChange(photo);
    checkPhoto(photo);
  };

  /** The advice on a picked photo shows on this step, before the visitor moves on; the server decides. */
  const checkPhoto = (photo: File) => {
    checkedPhoto.current = photo;
    setAdvice(undefined);
    if (typeof createImageBitmap !== 'function') return;
    setChecking(true);
    import('@/features/capture/lib/photo-check')
      .then(({ adviseOnPhoto }) => adviseOnPhoto(photo, hand))
      .then((found) => {
        if (checkedPhoto.current === photo) setAdvice(found);
      })
      // A check that cannot run leaves the photo to the server's own.
      .catch(() => undefined)
      .finally(() => {
        if (checkedPhoto.current === photo) setChecking(false);
      });
  };

  return (
    <div className="palm-picker" role="group" aria-labelledby={headingId} aria-describedby={hintId}>
      <h2 id={headingId} className="wizard__question">
        {questionText}
      </h2>
      <p className="palm-picker__hand">
        Please upload a photo of your <strong>{hand} hand</strong>
        <span className="palm-picker__hand-note"> — palm facing the camera.</span>
      </p>

      {cameraOpen ? (
        <Suspense fallback={<p className="palm-picker__hint">Starting the camera…</p>}>
          <GuidedCamera
            hand={hand}
            onAccept={(photo, frames) => {
              setCameraOpen(false);
              checkedPhoto.current = photo;
              setAdvice(undefined);
              setChecking(false);
              // A camera's full-size still can pass the 5 MB limit: it is made smaller like a picked photo.
              void preparePhoto(photo)
                .catch(() => photo)
                .then((prepared) =>
                  prepared.size > MAX_IMAGE_BYTES ? refuseSize() : onFileChange(prepared, frames),
                );
            }}
            onClose={() => setCameraOpen(false)}
            onUnavailable={() => {
              setCameraOpen(false);
              toast({
                title: 'Camera unavailable',
                description: 'Please allow the camera, or choose a photo file instead.',
                variant: 'destructive',
              });
            }}
          />
        </Suspense>
      ) : (
        <div className={`palm-picker__stage${previewUrl ? ' palm-picker__stage--filled' : ''}`}>
          {previewUrl ? (
            <img
              className="palm-picker__preview"
              src={previewUrl}
              alt={`Preview of your ${hand} palm photo`}
            />
          ) : (
            <div className="palm-picker__placeholder" aria-hidden="true">
              <span className="palm-picker__glyph devanagari">हस्त</span>
              <span>Your palm photo will appear here</span>
            </div>
          )}
        </div>
      )}

      {/* An open camera has its own actions (Close camera; Use this photo / Retake): two more ways
          to pick a photo under them would compete with the one on screen. */}
      {cameraOpen ? null : (
        <div className="palm-picker__actions">
          <Button variant={file ? 'secondary' : 'primary'} onClick={() => fileInputRef.current?.click()}>
            {file ? 'Choose Another File' : 'Choose File'}
          </Button>
          <Button variant="secondary" onClick={takePhoto}>
            Take Photo
          </Button>
          <input
            ref={fileInputRef}
            className="visually-hidden"
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-label="Choose a palm photo file"
            onChange={(event) => void onPick(event)}
          />
          <input
            ref={cameraInputRef}
            className="visually-hidden"
            type="file"
            accept="image/*"
            capture="environment"
            tabIndex={-1}
            aria-label="Take a palm photo with the camera"
            onChange={(event) => void onPick(event)}
          />
        </div>
      )}
      <p id={hintId} className="palm-picker__hint">
        JPG, PNG up to 5MB
        {file ? <span className="palm-picker__file"> · Selected: {file.name}</span> : null}
      </p>

      {advice?.kind === 'refusal' ? (
        <p className="palm-picker__advice" role="alert">
          {advice.text}. You can choose another photo or take one with the camera.
        </p>
      ) : advice?.kind === 'tip' ? (
        <p className="palm-picker__tip" role="status">
          {advice.text}
        </p>
      ) : checking ? (
        <p className="palm-picker__hint" role="status">
          Checking your photo…
        </p>
      ) : null}

      {/* Once a photo is chosen the tips make way, so the preview and Next fit on one screen. */}
      {file ? null : (
        <ul className="palm-picker__tips" aria-label="Tips for a good palm photo">
          {CAPTURE_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
