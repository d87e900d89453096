/**
 * Public videos used as demo lesson sources. They are real, freely available tutorials on each
 * topic, mixed across YouTube and Vimeo so both embeds are exercised.
 */
export const youtube = (id: string) => `https://www.youtube.com/watch?v=${id}`;
export const vimeo = (id: string) => `https://vimeo.com/${id}`;

export const pythonVideos = [
  youtube('rfscVS0vtbw'),
  vimeo('76979871'),
  youtube('_uQrJ0TkZlc'),
  youtube('kqtD5dpn9C8'),
  vimeo('22439234'),
  youtube('x7X9w_GIm1s'),
] as const;

export const djangoVideos = [youtube('F5mRW0jo-U4'), vimeo('59777392'), youtube('rHux0gMZ3Eg'), youtube('0sOvCWFmrtA'), vimeo('76979871')] as const;

export const aiVideos = [
  youtube('i_LwzRVP7bg'),
  vimeo('22439234'),
  youtube('aircAruvnKk'),
  youtube('V_xro1bcAuA'),
  vimeo('1084537'),
  youtube('zjkBMFhNj_g'),
  youtube('vmEHCJofslg'),
] as const;

export const webVideos = [youtube('G3e-cpL7ofc'), vimeo('76979871'), youtube('PkZNo7MFNFg'), youtube('bMknfKXIFA8'), vimeo('59777392')] as const;
