// V4L2 cameras as a source kind of their own: only /dev/videoN nodes, read by the video4linux2
// demuxer. The machines that run the tests have no camera, so what is shown is the refusal and
// the error for a device that is not there; a camera itself is opened by the same decoder path.

#include "core/common/error.h"
#include "core/media/video_decoder.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

using namespace vigil;

std::string openError(const media::MediaSource& source)
{
    try {
        media::VideoDecoder decoder(source);
    } catch (const MediaError& error) {
        return error.what();
    }
    return {};
}

TEST(CameraSource, RefusesAPathThatIsNotAVideoDevice)
{
    const std::string error = openError(media::MediaSource::camera("/etc/passwd"));
    EXPECT_EQ(error, "/etc/passwd: not a camera device (/dev/videoN)");
}

TEST(CameraSource, MissingDeviceIsOneClearError)
{
    if (std::filesystem::exists("/dev/video63"))
        GTEST_SKIP() << "/dev/video63 exists on this machine";
    const std::string error = openError(media::MediaSource::camera("/dev/video63", 2000));
    EXPECT_EQ(error.rfind("/dev/video63: cannot open: ", 0), 0u) << error;
}

} // namespace
