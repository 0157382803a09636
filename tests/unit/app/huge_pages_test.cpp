#include "app/huge_pages.h"

#include <gtest/gtest.h>

namespace vigil::app {
namespace {

TEST(HugePages, AreAskedForWhenNoTunableIsSet)
{
    EXPECT_EQ(tunablesWithHugePages(""), "glibc.malloc.hugetlb=1");
}

TEST(HugePages, KeepTheUsersOtherTunables)
{
    EXPECT_EQ(tunablesWithHugePages("glibc.malloc.arena_max=2"),
        "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1");
}

TEST(HugePages, LeaveTheUsersOwnChoiceAlone)
{
    EXPECT_EQ(tunablesWithHugePages("glibc.malloc.hugetlb=0"), "glibc.malloc.hugetlb=0");
    EXPECT_EQ(tunablesWithHugePages("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=0"),
        "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=0");
}

TEST(HugePages, AreNotMistakenForATunableWithALongerName)
{
    EXPECT_EQ(tunablesWithHugePages("glibc.malloc.hugetlbx=0"),
        "glibc.malloc.hugetlbx=0:glibc.malloc.hugetlb=1");
}

} // namespace
} // namespace vigil::app
