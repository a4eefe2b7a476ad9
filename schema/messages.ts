/**
 * The message catalogue: every user-visible error and status text of the three specs, verbatim.
 * UI and server both read from here so a string cannot drift from the spec. The groups home's
 * entry shows live in messages/ and are imported from there by the entry's modules: an object's
 * unused properties are not tree-shaken, so the whole catalogue would otherwise load with home.
 */
import { FEED_MESSAGES } from './messages/feed';
import { GENERIC_MESSAGES } from './messages/generic';
import { HOME_MESSAGES } from './messages/home';

export const MESSAGES = {
  generic: GENERIC_MESSAGES,
  profile: {
    updated: 'Profile updated successfully!',
    updateFailed: 'Failed to update profile. Please try again.',
    loadFailed: 'Failed to load user data',
    notFound: 'User Not Found',
    doesNotExist: (name: string) => `User @${name} does not exist`,
  },
  validation: {
    usernameRequired: 'Username is required',
    usernameMin: 'Username must be at least 3 characters',
    usernameChars: 'Username can only contain letters, numbers, and underscores',
    fullNameRequired: 'Full name is required',
    fullNameMin: 'Full name must be at least 2 characters',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    descriptionRequired: 'Description is required',
    descriptionMin: 'Description must be at least 10 characters',
    avatarRequired: 'Avatar is required',
  },
  imageUpload: {
    failed: 'Upload failed',
    failedFile: 'Failed to upload file',
    failedAvatarBanner: 'Failed to upload avatar/banner',
    invalidImage: 'Please select a valid image file',
    uploaded: (what: 'Avatar' | 'Banner') => `${what} uploaded successfully!`,
    /** Ours (the spec has no limit): the 429 of the wizard's uploads, which says to wait rather than why. */
    tooMany: 'Too many uploads. Please wait a minute and try again.',
  },
  login: {
    invalidToken: 'Invalid idToken provided, could not decode',
    noEphemeralKey: 'Ephemeral key pair not found',
  },
  callback: {
    initializing: 'Initializing...',
    processing: 'Processing authentication...',
    success: 'Authentication successful! Redirecting...',
    noToken: 'No authentication token found',
    unknown: 'Unknown error occurred',
  },
  tipping: {
    connectWallet: 'Please connect your wallet first',
    insufficient: 'Insufficient balance',
    insufficientGift: 'Insufficient balance. Please add more $REEL coins to your wallet.',
    missingInfo: 'Missing required information for tipping',
    createFailed: 'Failed to create tip record',
    sendFailed: 'Failed to send tip on-chain',
    hashFailed: 'Failed to update tip with transaction hash',
    confirmFailed: 'Failed to confirm tip',
    failed: 'Failed to send tip',
    sent: (gift: string, price: number) => `Successfully sent ${gift} gift for ${price} coins!`,
  },
  deposit: {
    insufficientApt: 'Insufficient APT balance.',
    transferFailed: 'Failed to transfer APT. Please approve the transaction in your wallet.',
    failed: 'Deposit failed. Please try again.',
    unexpected: 'An unexpected error occurred during deposit.',
    relayerFailed: 'Failed to update balance via relayer',
    confirmFailed: 'Failed to confirm transaction',
    paymentFailed: 'Payment failed. Please try again.',
    noWallet: 'Aptos wallet not found',
    cannotSign: 'Your wallet does not support programmatic transaction signing.',
  },
  withdraw: {
    invalidAmount: 'Please enter a valid amount',
    insufficient: 'Insufficient balance',
    exceeds: 'Amount exceeds available balance',
    failed: 'Withdrawal failed. Please try again.',
    unexpected: 'An unexpected error occurred during withdrawal.',
    relayerFailed: 'Failed to withdraw tokens via relayer',
    /** Ours: the relayer has not finished it yet (a crash, a lost answer); settlement sends or refunds it. */
    pending: (amount: number) =>
      `Your withdrawal of ${amount} $REEL is pending. It will be sent to your wallet or refunded within a few minutes.`,
  },
  wallet: {
    connect: 'Please connect your wallet',
    loading: 'Loading user data...',
    copied: 'Copied!',
    copiedClipboard: 'Copied to clipboard',
  },
  feed: FEED_MESSAGES,
  home: HOME_MESSAGES,
  engagement: {
    bookmarksShortsOnly: 'Bookmarks are only available for shorts',
    commentIdRequired: 'Comment ID required for comment removal',
    unknownAction: 'Unknown engagement action',
    addComment: 'Add a comment:',
  },
  search: {
    error: 'An error occurred while searching',
    noResults: 'No results found',
    searching: 'Searching...',
  },
  upload: {
    missingFields: 'Please select a video and enter a title!',
    notRegistered: 'Please connect your wallet and register before uploading!',
    invalidVideo: 'Please select a valid video file!',
    timeout: 'Upload timeout! Please try again or check your network connection.',
    timeoutLarge: 'Upload timeout - file too large or slow connection',
    failed: (reason?: string) => `Upload failed: ${reason || 'Unknown error'}`,
    success: (type: string) => `Upload successful! Video type: ${type}`,
    preparing: 'Preparing upload...',
  },
  delete: {
    success: 'Deleted successfully!',
    videoFailed: 'Failed to delete video',
    shortFailed: 'Failed to delete short',
    userNotFound: 'User not found',
  },
  copyUrl: { success: 'URL copied to clipboard!', failed: 'Failed to copy URL' },
  video: { notFound: 'Video not found', loadingTimeout: 'Video loading timeout' },
  socialStats: {
    youtubeKey: 'YouTube API key required',
    channelNotFound: 'Channel not found',
    userNotFound: 'User not found',
    requestFailed: 'Request failed',
  },
  player: {
    initFailed: 'Failed to initialize player',
    noPlaybackUrl: 'No playback URL available',
    streamError: 'Stream Error',
    unableToLoad: 'Unable to load the stream',
    offline: 'Stream is offline',
    private: 'Stream is private',
    playbackUnavailable: 'Playback not available',
    playbackUrlFailed: 'Failed to get playback URL',
  },
  studio: {
    alreadyLive: 'Stream is already live!',
    startFailed: 'Failed to start stream',
    stopFailed: 'Failed to stop stream',
    noSessionId: 'Unable to stop stream: session ID not found',
    statusFailed: 'Failed to fetch stream status',
    keyCreateFailed: 'Failed to create stream key',
    keyCreateFailedRetry: 'Failed to create stream key. Please try again.',
    keyCreated: 'Stream key created successfully!',
    prepared: 'Stream prepared successfully! You can now start broadcasting from your streaming software.',
    stopped: 'Stream stopped successfully!',
  },
  live: {
    loading: 'Loading stream...',
    noKey: 'No stream key found for this user',
    noKeyHint: 'The user may not have created a stream key yet',
    noTitle: 'No title available',
  },
  chat: {
    connectWallet: 'Connect Wallet to Chat',
    empty: 'No messages yet',
    connecting: 'Connecting to chat...',
  },
} as const;
