/** Comment and reply texts: generic enough to fit any upload, varied enough to read as people. */
export const DEMO_COMMENTS: readonly string[] = [
  'This is so clean, watched it three times already.',
  'Saving this for later, thank you!',
  'How long did this take you?',
  'The editing on this keeps getting better.',
  'Finally someone explains it properly.',
  'Underrated channel, more people need to see this.',
  'I tried this yesterday and it actually worked.',
  'Can you do a longer version of this?',
  'The music choice is perfect here.',
  'Came back to this after a week, still great.',
  'Not me watching this at 2am instead of sleeping.',
  'Okay this deserves way more views.',
  'What camera do you use?',
  'That ending caught me off guard.',
  'Part two when?',
  'I showed this to my friends and now they follow you too.',
  'Respect for keeping it short and to the point.',
  'The colours in this are unreal.',
  'Genuinely learned something today.',
  'First time here, instantly subscribed.',
  'This made my morning.',
  'I need the full tutorial for this.',
  'How is this free content?',
  'Clean, simple, no fluff. Love it.',
];

/** Replies; the creator of the upload writes most of them, so several read as the creator. */
export const DEMO_REPLIES: readonly string[] = [
  'Thank you so much!',
  'Part two is coming next week.',
  'About two days, mostly editing.',
  'Agreed, this one is my favourite too.',
  'Glad it helped!',
  'Haha same here.',
  'Noted, I will make a longer one.',
  'Check the description, it is all there.',
  'Appreciate you watching!',
  'You are not alone, trust me.',
];

/** User agents for the seeded view rows (views are tracked per session and device). */
export const DEMO_USER_AGENTS: readonly string[] = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
];

/** Where videos get shared; shorts are shared from the web player (content spec: platform 'web'). */
export const DEMO_SHARE_PLATFORMS: readonly string[] = ['general', 'twitter', 'telegram', 'facebook'];
